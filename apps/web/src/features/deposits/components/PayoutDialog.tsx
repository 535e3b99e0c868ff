/**
 * Pay out what a deposit has in the holding accounts (penampung pokok /
 * bunga): choose principal and/or interest, cash (the user's own cash
 * account) or a savings account of the member, check the summary, confirm.
 * Sending again after a failure reuses the Idempotency-Key, so the money
 * never moves twice.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/money/MoneyText';
import { useMemberSavings } from '../../../lib/api/members';
import { useFormat } from '../../../lib/format';
import { useSubmissionKeys } from '../../../lib/submission';
import { type PayoutBody, type PayoutRequest, type PayoutResult, useHolding, usePayout, usePayoutDecision } from '../api/deposits';

type Kind = 'PRINCIPAL' | 'INTEREST';

export function PayoutDialog({ depositId, memberId, onClose }: { depositId: string; memberId: string; onClose: () => void }) {
  const { t } = useTranslation('deposits');
  const f = useFormat();
  const holding = useHolding(depositId);
  const savings = useMemberSavings(memberId);
  const payout = usePayout(depositId);
  const keys = useSubmissionKeys();
  const [kinds, setKinds] = useState<Kind[]>(['PRINCIPAL', 'INTEREST']);
  const [method, setMethod] = useState<'CASH' | 'SAVING'>('CASH');
  const [savingId, setSavingId] = useState('');
  const [step, setStep] = useState<'form' | 'confirm' | 'done'>('form');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<PayoutResult | null>(null);
  const open = holding.data?.open;
  const amount = open ? (kinds.includes('PRINCIPAL') ? open.principal : 0) + (kinds.includes('INTEREST') ? open.interest : 0) : 0;
  const accounts = savings.data ?? [];
  const savingNumber = accounts.find((a) => a.id === savingId)?.accountNumber ?? '';
  const toggle = (k: Kind) => setKinds((cur) => (cur.includes(k) ? cur.filter((x) => x !== k) : [...cur, k]));
  const body: PayoutBody = { method, savingId: method === 'SAVING' ? savingId : null, kinds };

  const toConfirm = () => {
    setError(null);
    if (!kinds.length || amount <= 0) return setError(t('holding.nothingChosen'));
    if (method === 'SAVING' && !savingId) return setError(t('holding.savingRequired'));
    setStep('confirm');
  };
  const confirm = async () => {
    setError(null);
    try {
      const env = await payout.mutateAsync({ body, idempotencyKey: keys.ticket(body).key });
      keys.done();
      setResult((env as { data: PayoutResult }).data);
      setStep('done');
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="payout-dialog">
      <DialogTitle>{t('holding.payTitle', { number: holding.data?.accountNumber ?? '' })}</DialogTitle>
      <DialogContent>
        {holding.isError && <Alert severity="error">{(holding.error as Error).message}</Alert>}
        {open && step === 'form' && (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Box>
              {(['PRINCIPAL', 'INTEREST'] as const).map((k) => {
                const v = k === 'PRINCIPAL' ? open.principal : open.interest;
                return (
                  <FormControlLabel
                    key={k}
                    control={
                      <Checkbox checked={kinds.includes(k)} disabled={v <= 0} onChange={() => toggle(k)} data-testid={`payout-kind-${k}`} />
                    }
                    label={
                      <span>
                        {t(`holding.kind.${k}`)}: <MoneyText value={v} />
                      </span>
                    }
                  />
                );
              })}
            </Box>
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              value={method}
              onChange={(_e, v: 'CASH' | 'SAVING' | null) => v && setMethod(v)}
              aria-label={t('holding.method')}
            >
              <ToggleButton value="CASH" data-testid="payout-method-CASH">
                {t('holding.methods.CASH')}
              </ToggleButton>
              <ToggleButton value="SAVING" data-testid="payout-method-SAVING">
                {t('holding.methods.SAVING')}
              </ToggleButton>
            </ToggleButtonGroup>
            {method === 'CASH' ? (
              <Typography variant="body2" color="text.secondary">
                {t('holding.cashHint')}
              </Typography>
            ) : (
              <TextField
                select
                label={t('holding.saving')}
                value={savingId}
                onChange={(e) => setSavingId(e.target.value)}
                slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'payout-saving' } as object } }}
                helperText={accounts.length ? undefined : t('holding.noSavings')}
              >
                {accounts.map((a) => (
                  <MenuItem key={a.id} value={a.id}>
                    {a.accountNumber} · {a.productName} · {f.money(a.balance)}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Typography sx={{ fontWeight: 700 }} data-testid="payout-amount">
              {t('holding.total')}: <MoneyText value={amount} />
            </Typography>
          </Stack>
        )}
        {step === 'confirm' && (
          <Alert severity="warning" data-testid="payout-confirm-text">
            {method === 'CASH'
              ? t('holding.confirmCash', { amount: f.money(amount) })
              : t('holding.confirmSaving', { amount: f.money(amount), account: savingNumber })}
          </Alert>
        )}
        {step === 'done' && result?.status === 'WAITING_APPROVAL' && (
          <Alert severity="info" data-testid="payout-waiting">
            {t('holding.waitingApproval', { amount: f.money(result.amount) })}
          </Alert>
        )}
        {step === 'done' && result && result.status !== 'WAITING_APPROVAL' && (
          <Alert severity="success" data-testid="payout-done">
            {t('holding.done', { amount: f.money(result.amount), journal: result.journalNumber ?? '-' })}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {step === 'done' ? (
          <Button variant="contained" onClick={onClose} data-testid="payout-close">
            {t('common.close')}
          </Button>
        ) : (
          <>
            <Button onClick={step === 'confirm' ? () => setStep('form') : onClose}>
              {step === 'confirm' ? t('holding.back') : t('common.cancel')}
            </Button>
            <Button
              variant="contained"
              disabled={!open || payout.isPending}
              onClick={step === 'confirm' ? confirm : toConfirm}
              data-testid={step === 'confirm' ? 'payout-submit' : 'payout-continue'}
            >
              {step === 'confirm' ? t('holding.submit') : t('holding.continue')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** Another user approves (the payout is posted once) or rejects (a reason is required) a payout waiting for approval. */
export function PayoutDecisionDialog({ depositId, request, onClose }: { depositId: string; request: PayoutRequest; onClose: () => void }) {
  const { t } = useTranslation('deposits');
  const f = useFormat();
  const decide = usePayoutDecision(depositId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const go = (status: 'APPROVED' | 'REJECTED') =>
    decide.mutateAsync({ status, reason: reason || undefined }).then(onClose, (e) => setError((e as Error).message));
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="payout-decision-dialog">
      <DialogTitle>{t('holding.decide')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>
            {t('holding.requestWaiting', {
              amount: f.money(request.amount),
              interest: f.money(request.interest),
              user: request.requestedByName ?? '-',
            })}
          </Typography>
          <TextField label={t('holding.rejectReason')} value={reason} onChange={(e) => setReason(e.target.value)} multiline minRows={2} />
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button onClick={() => go('REJECTED')} disabled={decide.isPending || !reason} data-testid="payout-reject">
          {t('holding.reject')}
        </Button>
        <Button variant="contained" onClick={() => go('APPROVED')} disabled={decide.isPending} data-testid="payout-approve">
          {t('holding.approve')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
