/**
 * One online cash-out request: the member, the account (its balance and what
 * may be taken now), the amount, the bank account to pay into; staff approve
 * (the withdrawal posts from the chosen cash or bank account, receipt
 * offered) or reject with a reason. The same for a teller's withdrawal above
 * their limit (source WITHDRAWAL): approving posts it after a confirmation step.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/money/MoneyText';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { useMessageText } from '../../../lib/i18n/messages';
import { errorMessage } from '../../../lib/notify';
import { useAccountDetail } from '../api/accountDetail';
import { useCashAccounts, useMyCashAccount } from '../api/cashAccounts';
import { type RequestSource, useCashOut, useDecideCashOut } from '../api/cashOutRequests';
import type { Transaction } from '../api/types';
import { exceedsAvailable } from '../lib/amounts';
import { useSubmissionKeys } from '../lib/submission';
import { CashAccountSelect } from './CashAccountSelect';
import { RequestStatusChip } from './Chips';
import { Facts } from './Facts';
import { DoneView } from './Posting';

type Mode = 'view' | 'approve' | 'reject';

export function RequestDialog({ id, onClose, source = 'CASH_OUT' }: { id: string; onClose: () => void; source?: RequestSource }) {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const msg = useMessageText();
  const { can } = useAuth();
  const q = useCashOut(id, source);
  const w = source === 'WITHDRAWAL';
  const r = q.data;
  const account = useAccountDetail(r?.memberSavingId);
  const decide = useDecideCashOut();
  const keys = useSubmissionKeys();
  const [mode, setMode] = useState<Mode>('view');
  const [coaId, setCoaId] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ status: 'APPROVED' | 'REJECTED'; transaction: Transaction | null } | null>(null);
  const canDecide = can('member_transaction', 'update') && r?.status === 'WAITING';
  // Loaded with the request, so the approval's cash account is ready when asked for.
  useCashAccounts(canDecide);
  useMyCashAccount(canDecide);

  useEffect(() => {
    if (r?.cashCoa?.id && !coaId) setCoaId(r.cashCoa.id);
  }, [r, coaId]);

  const send = async (status: 'APPROVED' | 'REJECTED') => {
    if (!r) return;
    if (status === 'REJECTED' && !reason.trim()) {
      setTouched(true);
      return;
    }
    setError(null);
    const body = { id: r.id, status, reason: reason.trim() || null, coaId: status === 'APPROVED' ? coaId || null : null };
    const ticket = keys.ticket(body);
    try {
      const env = await decide.mutateAsync({ body, idempotencyKey: ticket.key, source });
      keys.done();
      setDone({ status, transaction: env.data.transaction });
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const over = r && account.data ? exceedsAvailable(r.amount, account.data.availableBalance) : false;
  return (
    <Dialog open onClose={() => !decide.isPending && onClose()} maxWidth="sm" fullWidth data-testid="request-dialog">
      <DialogTitle>{w ? t('approvals.withdrawalTitle') : t('online.detailTitle')}</DialogTitle>
      <DialogContent>
        {q.isError ? (
          <Alert severity="error">{(q.error as Error).message}</Alert>
        ) : !r ? (
          <Skeleton variant="rounded" height={240} />
        ) : done ? (
          <DoneView
            title={done.status === 'APPROVED' ? (w ? t('approvals.withdrawalApproved') : t('online.approved')) : t('online.rejected')}
            receiptId={done.transaction?.id}
            lines={
              done.transaction
                ? [
                    { label: t('tx.code'), value: done.transaction.code, testId: 'done-code' },
                    { label: t('tx.amount'), value: <MoneyText value={done.transaction.amount} /> },
                    { label: t('posting.balanceAfter'), value: <MoneyText value={done.transaction.balanceAfter} />, strong: true },
                  ]
                : undefined
            }
          />
        ) : (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
              <RequestStatusChip status={r.status} />
              <Box sx={{ fontSize: '1.5rem', fontWeight: 700 }} data-testid="request-amount">
                <MoneyText value={r.amount} />
              </Box>
            </Box>
            <Facts
              items={[
                { label: t('account.member'), value: `${r.memberName} (${r.cifNumber})` },
                r.phone && { label: t('member.phone'), value: r.phone.replace(/^\+62/, '0') },
                { label: t('account.number'), value: `${r.accountNumber} · ${r.productName}` },
                { label: t('account.balance'), value: <MoneyText value={account.data?.balance ?? r.balance} /> },
                account.data && { label: t('account.available'), value: <MoneyText value={account.data.availableBalance} /> },
                !w && { label: t('online.bank'), value: [r.bankName, r.bankAccountNumber].filter(Boolean).join(' ') || '-' },
                !w && { label: t('online.bankHolder'), value: r.bankAccountName ?? '-' },
                w && r.requestedByName && { label: t('approvals.requestedBy'), value: r.requestedByName },
                r.description && { label: t('form.description'), value: r.description },
                { label: t('online.requestedAt'), value: f.date(r.requestedAt, 'dateTime') },
                { label: t('tx.channel'), value: t(`channel.${r.channel}`, { defaultValue: r.channel }) },
                r.decidedAt && { label: t('online.decidedBy'), value: `${r.decidedByName ?? '-'} · ${f.date(r.decidedAt, 'dateTime')}` },
                r.reason && { label: t('online.reason'), value: r.reason },
                r.transactionCode && { label: t('tx.code'), value: r.transactionCode },
              ]}
            />
            {canDecide && over && <Alert severity="warning">{t('online.overAvailable')}</Alert>}
            {mode === 'approve' && (
              <>
                <Divider />
                <CashAccountSelect value={coaId} onChange={setCoaId} label={t('online.payFrom')} />
                <Alert severity="info" data-testid="approve-note">
                  {t(w ? 'approvals.withdrawalNote' : 'online.approveNote', { amount: f.money(r.amount), account: r.accountNumber })}
                </Alert>
              </>
            )}
            {mode === 'reject' && (
              <>
                <Divider />
                <TextField
                  autoFocus
                  required
                  multiline
                  minRows={2}
                  label={t('online.reason')}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  error={touched && !reason.trim()}
                  helperText={touched && !reason.trim() ? msg('saving.reason_required') : undefined}
                  slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'reject-reason' } }}
                />
              </>
            )}
            {error && (
              <Alert severity="error" data-testid="posting-error">
                {error}
              </Alert>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        {done || !canDecide ? (
          <Button onClick={onClose} variant={done ? 'contained' : 'text'} color={done ? 'primary' : 'inherit'}>
            {done ? t('posting.finish') : t('common:common.close')}
          </Button>
        ) : mode === 'view' ? (
          <>
            <Button onClick={onClose} color="inherit">
              {t('common:common.close')}
            </Button>
            <Button color="error" variant="outlined" onClick={() => setMode('reject')} data-testid="request-reject">
              {t('online.reject')}
            </Button>
            <Button variant="contained" onClick={() => setMode('approve')} data-testid="request-approve">
              {t('online.approve')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => setMode('view')} color="inherit" disabled={decide.isPending}>
              {t('posting.back')}
            </Button>
            <Button
              variant="contained"
              color={mode === 'reject' ? 'error' : 'primary'}
              loading={decide.isPending}
              onClick={() => send(mode === 'reject' ? 'REJECTED' : 'APPROVED')}
              data-testid="request-confirm"
            >
              {error ? t('posting.retry') : mode === 'reject' ? t('online.confirmReject') : t('online.confirmApprove')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
