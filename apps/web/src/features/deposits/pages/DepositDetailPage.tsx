/**
 * A deposit (/transactions/deposits/:id): its facts, the interest schedule of
 * the current term (paid, due, upcoming), its mutations, and the actions:
 * certificate print, change of position, early break (with approval where
 * the product asks) and withdrawal at maturity to the holding accounts.
 */

import { Dec } from '@koperasi/finance/money';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { MoneyField } from '../../../components/money/MoneyField';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { useMemberSavings } from '../../../lib/api/members';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { todayWib } from '../../../lib/dates';
import { useFormat } from '../../../lib/format';
import { useBreak, useBreakDecision, useHolding, usePosition, useSetupInterest, useWithdraw } from '../api/deposits';
import { DepositMutations } from '../components/DepositMutations';
import { PayoutDecisionDialog, PayoutDialog } from '../components/PayoutDialog';
import { ScheduleTable } from '../components/ScheduleTable';
import { StatusChip } from '../components/StatusChip';
import { Fact } from './PlacementPage';

type DialogKind = 'break' | 'withdraw' | 'position' | 'decision' | 'payout' | 'payoutDecision' | null;

type Deposit = NonNullable<ReturnType<typeof useSetupInterest>['data']>['deposit'];

/** What can be done with the deposit now: certificate, position, break, decisions, payout, withdrawal. */
function DepositActions(p: { deposit: Deposit; matured: boolean; waiting: number; hasRequest: boolean; onOpen: (k: DialogKind) => void }) {
  const { t } = useTranslation('deposits');
  const { can } = useAuth();
  const { deposit: d, matured, waiting, hasRequest, onOpen } = p;
  return (
    <Stack direction="row" spacing={1}>
      <Button
        variant="outlined"
        component={RouterLink}
        to={`/transactions/deposits/${d.id}/certificate`}
        target="_blank"
        data-testid="print-certificate"
      >
        {t('certificate.print')}
      </Button>
      {d.status === 'ACTIVE' && can('member_transaction', 'update') && (
        <Button variant="outlined" onClick={() => onOpen('position')}>
          {t('position.title')}
        </Button>
      )}
      {d.status === 'ACTIVE' && !matured && !d.breakRequested && can('member_transaction', 'add') && (
        <Button variant="outlined" color="warning" onClick={() => onOpen('break')} data-testid="break-open">
          {t('break.title')}
        </Button>
      )}
      {d.breakRequested && can('member_transaction', 'update') && (
        <Button variant="contained" color="warning" onClick={() => onOpen('decision')} data-testid="break-decide">
          {t('break.decide')}
        </Button>
      )}
      {hasRequest && can('member_transaction', 'update') && (
        <Button variant="contained" color="warning" onClick={() => onOpen('payoutDecision')} data-testid="payout-decide">
          {t('holding.decide')}
        </Button>
      )}
      {waiting > 0 && can('member_transaction', 'add') && (
        <Button variant="contained" onClick={() => onOpen('payout')} data-testid="payout-open">
          {t('holding.pay')}
        </Button>
      )}
      {(d.status === 'ACTIVE' || d.status === 'MATURED') && matured && can('member_transaction', 'add') && (
        <Button variant="contained" onClick={() => onOpen('withdraw')} data-testid="withdraw-open">
          {t('withdraw.title')}
        </Button>
      )}
    </Stack>
  );
}

export default function DepositDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('deposits');
  const f = useFormat();
  const setup = useSetupInterest(id);
  const holding = useHolding(id);
  const waiting = holding.data?.open.total ?? 0;
  const request = holding.data?.pendingRequest ?? null;
  const [open, setOpen] = useState<DialogKind>(null);
  const d = setup.data?.deposit;
  const today = todayWib();
  const matured = d ? d.status === 'MATURED' || d.maturityDate <= today : false;

  return (
    <>
      <PageHeader
        title={d ? `${t('detail.title')} ${d.accountNumber}` : t('detail.title')}
        breadcrumbs={[
          { label: t('list.section') },
          { label: t('list.title'), to: '/transactions/deposits' },
          { label: d?.accountNumber ?? '…' },
        ]}
        actions={d && <DepositActions deposit={d} matured={matured} waiting={waiting} hasRequest={Boolean(request)} onOpen={setOpen} />}
      />
      {setup.isError && <Alert severity="error">{(setup.error as Error).message}</Alert>}
      {d && setup.data && (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12 }}>
            <Card>
              <CardContent>
                <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  <Fact label={t('field.member')} value={`${d.memberName} (${d.cifNumber})`} />
                  <Fact label={t('field.certificate')} value={d.certificateNumber} />
                  <Fact label={t('field.product')} value={d.productName} />
                  <Fact label={t('field.principal')} value={<MoneyText value={d.principal} />} />
                  <Fact label={t('field.rateTenor')} value={`${f.percent(d.rate)} · ${t('months', { count: d.tenor })}`} />
                  <Fact label={t('field.start')} value={f.date(d.startDate)} />
                  <Fact label={t('field.maturity')} value={f.date(d.maturityDate)} />
                  <Fact label={t('field.status')} value={<StatusChip status={d.status} />} />
                  <Fact
                    label={t('field.destination')}
                    value={d.interestDestination === 'SAVING' ? d.interestSavingNumber : t('place.holding')}
                  />
                  <Fact label={t('field.rollover')} value={t(`rollover.${d.rollover}`)} />
                  <Fact label={t('detail.interestPaid')} value={<MoneyText value={d.interestPaid} />} />
                  <Fact label={t('detail.taxPaid')} value={<MoneyText value={d.taxPaid} />} />
                  <Fact label={t('detail.accrued')} value={<MoneyText value={setup.data.accruedInterest} />} />
                  {d.termNo > 1 && <Fact label={t('detail.term')} value={d.termNo} />}
                </Stack>
                {waiting > 0 && (
                  <Alert severity="info" sx={{ mt: 2 }} data-testid="holding-waiting">
                    {t('holding.waiting', {
                      principal: f.money(holding.data?.open.principal ?? 0),
                      interest: f.money(holding.data?.open.interest ?? 0),
                    })}
                  </Alert>
                )}
                {request && (
                  <Alert severity="warning" sx={{ mt: 2 }} data-testid="payout-request-waiting">
                    {t('holding.requestWaiting', {
                      amount: f.money(request.amount),
                      interest: f.money(request.interest),
                      user: request.requestedByName ?? '-',
                    })}
                  </Alert>
                )}
                {d.breakRequested && (
                  <Alert severity="warning" sx={{ mt: 2 }}>
                    {t('break.waiting')}
                  </Alert>
                )}
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12 }}>
            <Card>
              <CardContent>
                <Typography variant="h6" gutterBottom>
                  {t('detail.schedule')}
                </Typography>
                <ScheduleTable
                  rows={setup.data.schedule.map((r) => ({
                    ...r,
                    status: (
                      <Chip
                        size="small"
                        variant="outlined"
                        color={r.status === 'PAID' ? 'success' : r.status === 'DUE' ? 'warning' : 'default'}
                        label={t(`schedule.${r.status}`)}
                      />
                    ),
                  }))}
                />
                <Typography variant="caption" color="text.secondary">
                  {t('place.taxRule', { amount: f.money(setup.data.tax.taxFreeAmount), rate: f.percent(setup.data.tax.ratePct) })}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12 }}>
            <DepositMutations depositId={id} />
          </Grid>
        </Grid>
      )}
      {d && open === 'break' && <BreakDialog id={id} principal={d.principal} terms={setup.data!.terms} onClose={() => setOpen(null)} />}
      {d && open === 'withdraw' && <WithdrawDialog id={id} principal={d.principal} onClose={() => setOpen(null)} />}
      {d && open === 'decision' && <DecisionDialog id={id} onClose={() => setOpen(null)} />}
      {d && open === 'payoutDecision' && request && <PayoutDecisionDialog depositId={id} request={request} onClose={() => setOpen(null)} />}
      {d && open === 'payout' && <PayoutDialog depositId={id} memberId={d.memberId} onClose={() => setOpen(null)} />}
      {d && open === 'position' && (
        <PositionDialog
          id={id}
          memberId={d.memberId}
          current={{ savingId: d.interestSavingId, rollover: d.rollover }}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

function BreakDialog({
  id,
  principal,
  terms,
  onClose,
}: {
  id: string;
  principal: number;
  terms: { penalty: number; penaltyBasis: 'PRINCIPAL' | 'INTEREST'; breakNeedsApproval: boolean };
  onClose: () => void;
}) {
  const { t } = useTranslation('deposits');
  const f = useFormat();
  const brk = useBreak();
  const [penalty, setPenalty] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  // The product's penalty on the principal, shown before posting (the server decides; interest-based penalties need the paid interest).
  const estimate =
    terms.penaltyBasis === 'PRINCIPAL' ? new Dec(principal).times(terms.penalty).div(100).toDecimalPlaces(2).toNumber() : null;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('break.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>
            {t('break.rule', { pct: f.percent(terms.penalty), basis: t(`penaltyBasis.${terms.penaltyBasis}`) })}
            {estimate !== null &&
              ` ${t('break.estimate', { amount: f.money(estimate), payout: f.money(principal - (penalty ?? estimate)) })}`}
          </Typography>
          {terms.breakNeedsApproval && <Alert severity="info">{t('break.needsApproval')}</Alert>}
          <MoneyField label={t('break.override')} value={penalty} onChange={setPenalty} helperText={t('break.overrideHint')} />
          <TextField label={t('break.reason')} value={reason} onChange={(e) => setReason(e.target.value)} multiline minRows={2} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          color="warning"
          variant="contained"
          disabled={brk.isPending}
          data-testid="break-submit"
          onClick={() =>
            brk.mutateAsync({ accountProductId: id, pinaltyBreak: penalty, reason: reason || null }).then(onClose, () => undefined)
          }
        >
          {t('break.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function WithdrawDialog({ id, principal, onClose }: { id: string; principal: number; onClose: () => void }) {
  const { t } = useTranslation('deposits');
  const f = useFormat();
  const w = useWithdraw();
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('withdraw.title')}</DialogTitle>
      <DialogContent>
        <Typography>{t('withdraw.text', { amount: f.money(principal) })}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={w.isPending}
          data-testid="withdraw-submit"
          onClick={() => w.mutateAsync({ accountProductId: id }).then(onClose, () => undefined)}
        >
          {t('withdraw.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DecisionDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('deposits');
  const decide = useBreakDecision(id);
  const [reason, setReason] = useState('');
  const go = (status: 'APPROVED' | 'REJECTED') =>
    decide.mutateAsync({ status, reason: reason || undefined }).then(onClose, () => undefined);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('break.decide')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>{t('break.waiting')}</Typography>
          <TextField label={t('break.reason')} value={reason} onChange={(e) => setReason(e.target.value)} multiline minRows={2} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => go('REJECTED')} disabled={decide.isPending || !reason}>
          {t('break.reject')}
        </Button>
        <Button variant="contained" color="warning" onClick={() => go('APPROVED')} disabled={decide.isPending} data-testid="break-approve">
          {t('break.approve')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function PositionDialog({
  id,
  memberId,
  current,
  onClose,
}: {
  id: string;
  memberId: string;
  current: { savingId: string | null; rollover: string };
  onClose: () => void;
}) {
  const { t } = useTranslation('deposits');
  const savings = useMemberSavings(memberId);
  const pos = usePosition(id);
  const [dest, setDest] = useState(current.savingId ?? 'HOLDING');
  const [rollover, setRollover] = useState(current.rollover);
  const accounts = savings.data ?? [];
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('position.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label={t('field.destination')} value={dest} onChange={(e) => setDest(e.target.value)}>
            <MenuItem value="HOLDING">{t('place.holding')}</MenuItem>
            {accounts.map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {a.accountNumber} · {a.productName}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label={t('field.rollover')} value={rollover} onChange={(e) => setRollover(e.target.value)}>
            {(['NONE', 'PRINCIPAL', 'PRINCIPAL_INTEREST'] as const).map((r) => (
              <MenuItem key={r} value={r}>
                {t(`rollover.${r}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={pos.isPending}
          onClick={() =>
            pos
              .mutateAsync({
                interestDestination: dest === 'HOLDING' ? 'HOLDING' : 'SAVING',
                interestSavingId: dest === 'HOLDING' ? null : dest,
                rollover,
              })
              .then(onClose, () => undefined)
          }
        >
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
