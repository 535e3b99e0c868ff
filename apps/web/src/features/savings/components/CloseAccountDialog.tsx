/**
 * Tutup rekening: the balance, the product's closing fee (at most the
 * balance) and the payout are shown before confirming; the payout leaves
 * from the chosen cash or bank account. The server refuses while the account
 * is blocked, pledged or has a withdrawal waiting, and a payout above the
 * role's limit. The fee is read without `product:view` (useClosingFee in
 * api/products.ts says why), so a role that may close but not see the
 * product menu, such as an agent, sees it too.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Facts } from '../../../components/Facts';
import { MoneyText } from '../../../components/money/MoneyText';
import { DoneView, PostingDialog, usePosting } from '../../../components/Posting';
import { useUser } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { useSubmissionKeys } from '../../../lib/submission';
import { useCashAccounts } from '../api/cashAccounts';
import { useCloseAccount } from '../api/closeAccount';
import { useClosingFee } from '../api/products';
import type { CloseResult, SavingAccount } from '../api/types';
import { closingPreview, exceedsLimit } from '../lib/amounts';
import { AccountHeader } from './AccountHeader';
import { CashAccountSelect } from './CashAccountSelect';
import { ReceiptButtons } from './ReceiptButtons';

export function CloseAccountDialog({ account, onClose }: { account: SavingAccount; onClose: () => void }) {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const user = useUser();
  const product = useClosingFee(account.productId);
  const cash = useCashAccounts();
  const close = useCloseAccount();
  const keys = useSubmissionKeys();
  const posting = usePosting<CloseResult>();
  const [coaId, setCoaId] = useState('');
  const [reason, setReason] = useState('');
  const fee = product.data?.closingFee ?? 0;
  const preview = closingPreview(account.balance, fee);
  const overLimit = exceedsLimit(preview.payout, user.limits.savingWithdrawal);
  const cashName = cash.data?.find((c) => c.id === coaId);

  const confirm = () =>
    posting.run(async () => {
      const body = { memberSavingId: account.id, coaId: coaId || null, reason: reason.trim() || null };
      const ticket = keys.ticket(body);
      const env = await close.mutateAsync({ body, idempotencyKey: ticket.key });
      keys.done();
      return env.data;
    });

  const r = posting.result;
  const payoutTx = r?.transactions.find((x) => x.activity === 'CLOSING') ?? r?.transactions[0];
  const facts = [
    { label: t('posting.balanceBefore'), value: <MoneyText value={account.balance} />, testId: 'close-balance' },
    {
      label: t('close.fee'),
      value: product.isLoading ? '…' : <MoneyText value={preview.fee} />,
      testId: 'close-fee',
    },
    { label: t('close.payout'), value: <MoneyText value={preview.payout} />, testId: 'close-payout', strong: true },
  ];
  return (
    <PostingDialog
      open
      onClose={onClose}
      title={t('close.title')}
      testId="close-dialog"
      step={posting.step}
      busy={posting.busy}
      error={posting.error}
      errorRetryable={posting.retryable}
      destructive
      header={<AccountHeader account={account} showAvailable={false} />}
      onContinue={() => posting.toConfirm()}
      onConfirm={confirm}
      onBack={posting.back}
      confirmLabel={t('close.confirm')}
      continueDisabled={product.isLoading}
      form={
        <>
          {product.isError && <Alert severity="warning">{t('close.feeUnknown')}</Alert>}
          {account.isBlocked && <Alert severity="warning">{t('close.blocked')}</Alert>}
          {overLimit && (
            <Alert severity="info">{t('close.overLimit', { limit: f.money(user.limits.savingWithdrawal), role: user.role.name })}</Alert>
          )}
          <Box sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }} data-testid="close-preview">
            <Facts items={facts} />
          </Box>
          <CashAccountSelect value={coaId} onChange={setCoaId} label={t('close.cashAccount')} />
          <TextField
            label={t('close.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'close-reason' } }}
          />
        </>
      }
      summary={[
        { label: t('account.number'), value: `${account.accountNumber} · ${account.productName}` },
        ...facts,
        { label: t('close.cashAccount'), value: cashName ? `${cashName.code} · ${cashName.name}` : t('form.cashDefault') },
        reason.trim() ? { label: t('close.reason'), value: reason.trim() } : null,
      ]}
      summaryNote={<Alert severity="warning">{t('close.irreversible')}</Alert>}
      done={
        r && (
          <DoneView
            title={t('close.done', { number: r.accountNumber })}
            receipt={payoutTx?.id ? <ReceiptButtons transactionId={payoutTx?.id} /> : null}
            lines={[
              { label: t('close.fee'), value: <MoneyText value={r.closingFee} />, testId: 'done-fee' },
              { label: t('close.payout'), value: <MoneyText value={r.payout} />, testId: 'done-payout', strong: true },
              { label: t('tx.journal'), value: r.journalNumber ?? '-' },
            ]}
          />
        )
      }
    />
  );
}
