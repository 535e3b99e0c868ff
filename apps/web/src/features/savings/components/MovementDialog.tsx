/**
 * Setor / Tarik on one account: amount (rupiah, grouped as typed), the cash
 * or bank account (the teller's own by default), a note; then the
 * confirmation with the balance before and after; then the result with
 * "Cetak bukti". A withdrawal warns before sending when it is more than what
 * may be taken, and above the role's limit follows the cooperative's
 * configuration (user detail `aboveLimit`): REQUEST_APPROVAL turns the
 * confirm step into "Ajukan persetujuan" and says where the request waits;
 * REFUSE disables posting and names the limit. The server's refusal
 * (minimum balance, blocked amount, role limit) stays in the dialog.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormMoneyField, FormTextField } from '../../../components/form/fields';
import { useZodForm } from '../../../components/form/useZodForm';
import { MoneyText } from '../../../components/money/MoneyText';
import { DoneView, PostingDialog, usePosting } from '../../../components/Posting';
import { useUser } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { useSubmissionKeys } from '../../../lib/submission';
import { useCashAccounts } from '../api/cashAccounts';
import { type MovementInput, useDeposit } from '../api/deposit';
import type { MovementResult, SavingAccount } from '../api/types';
import { useWithdraw } from '../api/withdraw';
import { balanceAfter, exceedsAvailable, exceedsLimit } from '../lib/amounts';
import { type MovementFormIn, type MovementFormOut, movementForm } from '../lib/forms';
import { AccountHeader } from './AccountHeader';
import { CashAccountSelect } from './CashAccountSelect';
import { ReceiptButtons } from './ReceiptButtons';

export type MovementKind = 'deposit' | 'withdraw';

/** Where a withdrawal above the limit waits: the approvals tab of the online requests. */
export const WITHDRAWAL_QUEUE_PATH = '/transactions/online-requests?tab=withdrawals';

/** Done: waiting for approval (and where it waits), or the posted transaction. */
function MovementDone({ result, out, amount }: { result: MovementResult | null; out: boolean; amount: number | null }) {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const tx = result?.transaction;
  return result?.status === 'WAITING_APPROVAL' ? (
    <DoneView title={t('withdraw.waiting')} waiting>
      <Alert severity="info" sx={{ textAlign: 'start' }}>
        {t('withdraw.waitingText', { amount: f.money(amount) })}
      </Alert>
      <Button component={Link} to={WITHDRAWAL_QUEUE_PATH} sx={{ mt: 1.5 }} data-testid="waiting-queue-link">
        {t('withdraw.whereItWaits')}
      </Button>
    </DoneView>
  ) : (
    <DoneView
      title={out ? t('withdraw.done') : t('deposit.done')}
      receipt={tx?.id ? <ReceiptButtons transactionId={tx?.id} /> : null}
      lines={
        tx
          ? [
              { label: t('tx.code'), value: tx.code, testId: 'done-code' },
              {
                label: out ? t('withdraw.amount') : t('deposit.amount'),
                value: <MoneyText value={tx.amount} />,
                testId: 'done-amount',
              },
              {
                label: t('posting.balanceAfter'),
                value: <MoneyText value={tx.balanceAfter} />,
                testId: 'done-balance',
                strong: true,
              },
              { label: t('tx.journal'), value: tx.journalNumber ?? '-' },
              { label: t('form.cashAccount'), value: tx.cashCoa ? `${tx.cashCoa.code} · ${tx.cashCoa.name}` : '-' },
            ]
          : undefined
      }
    />
  );
}

export function MovementDialog({
  kind,
  account,
  byAccount,
  onClose,
}: {
  kind: MovementKind;
  account: SavingAccount;
  /** The member holds several accounts of this product: post by account, not by CIF and product. */
  byAccount: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const user = useUser();
  const cash = useCashAccounts();
  const keys = useSubmissionKeys();
  const posting = usePosting<MovementResult>();
  const deposit = useDeposit();
  const withdraw = useWithdraw();
  const form = useZodForm(movementForm, { defaultValues: { amount: null, description: '', coaId: '' } as MovementFormIn });
  const amount = form.watch('amount') as number | null;
  const coaId = form.watch('coaId');
  const out = kind === 'withdraw';
  const after = balanceAfter(account.balance, amount, out ? 'out' : 'in');
  const overAvailable = out && exceedsAvailable(amount, account.availableBalance);
  const overLimit = out && exceedsLimit(amount, user.limits.savingWithdrawal);
  /** What the cooperative does above the limit; unknown (an older server) keeps the neutral warning. */
  const policy = user.aboveLimit?.savingWithdrawal;
  const queued = overLimit && policy === 'REQUEST_APPROVAL';
  const refused = overLimit && policy === 'REFUSE';
  const limitWords = { limit: f.money(user.limits.savingWithdrawal), role: user.role.name };
  const limitAlert = refused ? (
    <Alert severity="error" data-testid="warn-limit" data-policy="REFUSE">
      {t('withdraw.overLimitRefused', limitWords)}
    </Alert>
  ) : queued ? (
    <Alert severity="info" data-testid="warn-limit" data-policy="REQUEST_APPROVAL">
      {t('withdraw.overLimitQueued', limitWords)}
    </Alert>
  ) : overLimit ? (
    <Alert severity="info" data-testid="warn-limit">
      {t('withdraw.overLimit', limitWords)}
    </Alert>
  ) : null;
  const cashName = (id: string) => {
    const a = cash.data?.find((c) => c.id === id);
    return a ? `${a.code} · ${a.name}` : t('form.cashDefault');
  };

  // The amount first (after the dialog's own focus handling has run).
  useEffect(() => {
    const timer = window.setTimeout(() => form.setFocus('amount'), 60);
    return () => window.clearTimeout(timer);
  }, [form]);

  const values = () => form.getValues() as MovementFormOut;
  const input = (): MovementInput => {
    const v = values();
    return {
      cif: account.cifNumber,
      productId: account.productId,
      memberSavingId: account.id,
      byAccount,
      amount: v.amount,
      description: v.description ?? null,
      coaId: v.coaId || null,
    };
  };
  const confirm = () =>
    posting.run(async () => {
      const i = input();
      const ticket = keys.ticket(i);
      const env = await (out ? withdraw : deposit).mutateAsync({ input: i, idempotencyKey: ticket.key });
      keys.done();
      return env.data;
    });

  const r = posting.result;
  const title = out ? t('withdraw.title') : t('deposit.title');
  return (
    <PostingDialog
      open
      onClose={onClose}
      title={title}
      testId={`${kind}-dialog`}
      step={posting.step}
      busy={posting.busy}
      error={posting.error}
      errorRetryable={posting.retryable}
      header={<AccountHeader account={account} />}
      onContinue={form.handleSubmit(() => posting.toConfirm())}
      onConfirm={confirm}
      onBack={posting.back}
      confirmLabel={queued ? t('withdraw.requestApproval') : out ? t('withdraw.confirm') : t('deposit.confirm')}
      confirmDisabled={refused}
      form={
        <>
          <FormMoneyField control={form.control} name="amount" label={out ? t('withdraw.amount') : t('deposit.amount')} required />
          {overAvailable && (
            <Alert severity="warning" data-testid="warn-available">
              {t('withdraw.overAvailable', { available: f.money(account.availableBalance) })}
            </Alert>
          )}
          {limitAlert}
          <CashAccountSelect value={coaId} onChange={(id) => form.setValue('coaId', id)} />
          <FormTextField
            control={form.control}
            name="description"
            label={t('form.description')}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'movement-description' } }}
          />
        </>
      }
      summary={[
        { label: t('account.number'), value: `${account.accountNumber} · ${account.productName}` },
        { label: t('account.member'), value: `${account.memberName} (${account.cifNumber})` },
        { label: t('posting.balanceBefore'), value: <MoneyText value={account.balance} />, testId: 'summary-before' },
        {
          label: out ? t('withdraw.amount') : t('deposit.amount'),
          value: <MoneyText value={out && amount ? -amount : amount} colorNegative />,
          testId: 'summary-amount',
          strong: true,
        },
        { label: t('posting.balanceAfter'), value: <MoneyText value={after} colorNegative />, testId: 'summary-after', strong: true },
        { label: t('form.cashAccount'), value: cashName(coaId) },
        values().description ? { label: t('form.description'), value: values().description } : null,
      ]}
      summaryNote={
        overAvailable || limitAlert ? (
          <>
            {overAvailable && (
              <Alert severity="warning" sx={{ mb: limitAlert ? 1.5 : 0 }}>
                {t('withdraw.overAvailable', { available: f.money(account.availableBalance) })}
              </Alert>
            )}
            {limitAlert}
          </>
        ) : undefined
      }
      done={<MovementDone result={r} out={out} amount={amount} />}
    />
  );
}
