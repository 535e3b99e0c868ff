/**
 * One online cash-out request: the member, the account (its balance and what
 * may be taken now), the amount, the bank account to pay into; staff approve
 * (the withdrawal posts from the chosen cash or bank account, receipt
 * offered) or reject with a reason. The same for a teller's withdrawal above
 * their limit (source WITHDRAWAL): approving posts it after a confirmation step.
 * Approving needs the approver's own saving-withdrawal limit to cover the
 * amount: above it the dialog warns before the approver tries (the server's
 * refusal stays the authority; approving is not blocked here).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Facts } from '../../../components/Facts';
import { MoneyText } from '../../../components/money/MoneyText';
import { DoneView } from '../../../components/Posting';
import { useAuth, useUser } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { useSubmissionKeys } from '../../../lib/submission';
import { useAccountDetail } from '../api/accountDetail';
import { useCashAccounts, useMyCashAccount } from '../api/cashAccounts';
import { type RequestSource, useCashOut, useDecideCashOut } from '../api/cashOutRequests';
import type { Transaction } from '../api/types';
import { exceedsAvailable, exceedsLimit } from '../lib/amounts';
import { CashAccountSelect } from './CashAccountSelect';
import { RequestStatusChip } from './Chips';
import { DecisionActions, type DecisionStatus, DecisionStep, useDecisionSteps } from './DecisionSteps';
import { ReceiptButtons } from './ReceiptButtons';

export function RequestDialog({ id, onClose, source = 'CASH_OUT' }: { id: string; onClose: () => void; source?: RequestSource }) {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const { can } = useAuth();
  const user = useUser();
  const q = useCashOut(id, source);
  const w = source === 'WITHDRAWAL';
  const r = q.data;
  const account = useAccountDetail(r?.memberSavingId);
  const decide = useDecideCashOut();
  const keys = useSubmissionKeys();
  const [coaId, setCoaId] = useState('');
  const [done, setDone] = useState<{ status: DecisionStatus; transaction: Transaction | null } | null>(null);
  const canDecide = can('member_transaction', 'update') && r?.status === 'WAITING';
  // Loaded with the request, so the approval's cash account is ready when asked for.
  useCashAccounts(canDecide);
  useMyCashAccount(canDecide);

  useEffect(() => {
    if (r?.cashCoa?.id && !coaId) setCoaId(r.cashCoa.id);
  }, [r, coaId]);

  const steps = useDecisionSteps(async (status, reason) => {
    if (!r) return;
    const body = { id: r.id, status, reason: reason || null, coaId: status === 'APPROVED' ? coaId || null : null };
    const ticket = keys.ticket(body);
    const env = await decide.mutateAsync({ body, idempotencyKey: ticket.key, source });
    keys.done();
    setDone({ status, transaction: env.data.transaction });
  });

  const over = r && account.data ? exceedsAvailable(r.amount, account.data.availableBalance) : false;
  // The approver's own limit (users/detail, read at sign-in and on each page load); null = no limit.
  const limit = user.limits.savingWithdrawal;
  const overLimit = canDecide && r ? exceedsLimit(r.amount, limit) : false;
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
            receipt={done.transaction?.id ? <ReceiptButtons transactionId={done.transaction?.id} /> : null}
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
            {overLimit && steps.mode !== 'reject' && (
              <Alert severity="warning" data-testid="warn-approver-limit">
                {t('approvals.overLimit', { amount: f.money(r.amount), limit: f.money(limit ?? 0), role: user.role.name })}
              </Alert>
            )}
            <DecisionStep
              steps={steps}
              approve={
                <>
                  <CashAccountSelect value={coaId} onChange={setCoaId} label={t('online.payFrom')} />
                  <Alert severity="info" data-testid="approve-note">
                    {t(w ? 'approvals.withdrawalNote' : 'online.approveNote', { amount: f.money(r.amount), account: r.accountNumber })}
                  </Alert>
                </>
              }
            />
          </Box>
        )}
      </DialogContent>
      <DecisionActions
        steps={steps}
        canDecide={canDecide}
        done={!!done}
        pending={decide.isPending}
        confirmApprove={t('online.confirmApprove')}
        onClose={onClose}
      />
    </Dialog>
  );
}
