/**
 * Pindah buku between two saving accounts: the destination is one of the
 * member's other accounts or any open account found by CIF, account number,
 * phone or name. No cash moves (no cash account, no withdrawal limit); the
 * source keeps its minimum and held amounts. Sent as POST v2/transfer with
 * the submission's timeOfRequest and Idempotency-Key.
 */
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMoneyField, FormTextField, useFieldError } from '../../../components/form/fields';
import { useZodForm } from '../../../components/form/useZodForm';
import { MoneyText } from '../../../components/money/MoneyText';
import { DoneView, PostingDialog, usePosting } from '../../../components/Posting';
import { useDebounced } from '../../../components/table/useServerTable';
import { useFormat } from '../../../lib/format';
import { useSubmissionKeys } from '../../../lib/submission';
import { useSearchAccounts } from '../api/searchAccounts';
import { useTransfer } from '../api/transfer';
import type { MovementResult, SavingAccount } from '../api/types';
import { balanceAfter, exceedsAvailable } from '../lib/amounts';
import { type TransferFormIn, type TransferFormOut, transferForm } from '../lib/forms';
import { AccountHeader } from './AccountHeader';
import { ReceiptButtons } from './ReceiptButtons';

const accountLabel = (a: SavingAccount) => `${a.accountNumber} · ${a.productName} — ${a.memberName}`;

function DestinationPicker({
  value,
  onChange,
  own,
  error,
}: {
  value: SavingAccount | null;
  onChange: (a: SavingAccount | null) => void;
  own: SavingAccount[];
  error?: string;
}) {
  const { t } = useTranslation('savings');
  const [input, setInput] = useState('');
  const q = useDebounced(input, 250);
  const typing = Boolean(input.trim()) && !(value && input === accountLabel(value));
  const search = useSearchAccounts(typing ? q : '');
  const options = typing ? (search.data ?? []) : own;
  return (
    <Autocomplete
      value={value}
      onChange={(_e, v) => onChange(v)}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      options={options}
      filterOptions={(x) => x}
      autoHighlight
      openOnFocus
      loading={search.isFetching}
      getOptionLabel={accountLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      groupBy={typing ? undefined : () => t('transfer.ownAccounts')}
      noOptionsText={typing ? t('transfer.noAccount') : t('transfer.typeToSearch')}
      renderOption={(props, a) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1.5 }} data-testid="destination-option">
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontSize: '0.875rem', fontWeight: 600 }} noWrap>
                {a.accountNumber} · {a.productName}
              </Typography>
              <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} noWrap>
                {a.memberName} ({a.cifNumber})
              </Typography>
            </Box>
            <Typography sx={{ fontSize: '0.8125rem' }}>
              <MoneyText value={a.balance} />
            </Typography>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('transfer.to')}
          required
          autoFocus
          error={Boolean(error)}
          helperText={error ?? t('transfer.toHint')}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'transfer-to' } }}
        />
      )}
    />
  );
}

export function TransferDialog({ account, own, onClose }: { account: SavingAccount; own: SavingAccount[]; onClose: () => void }) {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const fieldError = useFieldError();
  const keys = useSubmissionKeys();
  const posting = usePosting<MovementResult>();
  const transfer = useTransfer();
  const [to, setTo] = useState<SavingAccount | null>(null);
  const form = useZodForm(transferForm, {
    defaultValues: { amount: null, description: '', fromSavingId: account.id, toSavingId: '' } as TransferFormIn,
  });
  const amount = form.watch('amount') as number | null;
  const over = exceedsAvailable(amount, account.availableBalance);
  // Voluntary and plan accounts first; equity ones (paying pokok or wajib) after.
  const candidates = own
    .filter((a) => a.id !== account.id && a.status === 'ACTIVE')
    .sort((x, y) => Number(x.kind === 'SAVING_EQUITY') - Number(y.kind === 'SAVING_EQUITY'));

  const confirm = () =>
    posting.run(async () => {
      const v = form.getValues() as TransferFormOut;
      const payload = { fromSavingId: account.id, toSavingId: v.toSavingId, amount: v.amount, description: v.description ?? null };
      const ticket = keys.ticket(payload);
      const env = await transfer.mutateAsync({ input: { ...payload, timeOfRequest: ticket.startedAt }, idempotencyKey: ticket.key });
      keys.done();
      return env.data;
    });

  const legs = posting.result?.transactions ?? [];
  const outLeg = legs.find((l) => l.activity === 'TRANSFER_OUT') ?? legs[0];
  const inLeg = legs.find((l) => l.activity === 'TRANSFER_IN');
  const toError = form.formState.errors.toSavingId?.message;
  return (
    <PostingDialog
      open
      onClose={onClose}
      title={t('transfer.title')}
      testId="transfer-dialog"
      step={posting.step}
      busy={posting.busy}
      error={posting.error}
      errorRetryable={posting.retryable}
      header={<AccountHeader account={account} />}
      onContinue={form.handleSubmit(() => posting.toConfirm())}
      onConfirm={confirm}
      onBack={posting.back}
      confirmLabel={t('transfer.confirm')}
      form={
        <>
          <DestinationPicker
            value={to}
            own={candidates}
            error={fieldError(toError, t('transfer.to'))}
            onChange={(a) => {
              setTo(a);
              form.setValue('toSavingId', a?.id ?? '', { shouldValidate: form.formState.isSubmitted });
            }}
          />
          <FormMoneyField control={form.control} name="amount" label={t('transfer.amount')} required />
          {over && (
            <Alert severity="warning" data-testid="warn-available">
              {t('withdraw.overAvailable', { available: f.money(account.availableBalance) })}
            </Alert>
          )}
          <FormTextField
            control={form.control}
            name="description"
            label={t('form.description')}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'transfer-description' } }}
          />
        </>
      }
      summary={[
        { label: t('transfer.from'), value: `${account.accountNumber} · ${account.productName}` },
        { label: t('posting.balanceBefore'), value: <MoneyText value={account.balance} />, testId: 'summary-before' },
        {
          label: t('posting.balanceAfter'),
          value: <MoneyText value={balanceAfter(account.balance, amount, 'out')} colorNegative />,
          testId: 'summary-after',
        },
        to && { label: t('transfer.to'), value: `${to.accountNumber} · ${to.productName} — ${to.memberName}`, testId: 'summary-to' },
        to && {
          label: t('transfer.toAfter'),
          value: <MoneyText value={balanceAfter(to.balance, amount, 'in')} />,
          testId: 'summary-to-after',
        },
        { label: t('transfer.amount'), value: <MoneyText value={amount} />, testId: 'summary-amount', strong: true },
      ]}
      done={
        <DoneView
          title={t('transfer.done')}
          receipt={outLeg?.id ? <ReceiptButtons transactionId={outLeg?.id} /> : null}
          lines={
            outLeg
              ? [
                  { label: t('tx.code'), value: outLeg.code, testId: 'done-code' },
                  { label: t('transfer.amount'), value: <MoneyText value={outLeg.amount} />, testId: 'done-amount' },
                  {
                    label: t('transfer.fromAfter', { number: outLeg.accountNumber }),
                    value: <MoneyText value={outLeg.balanceAfter} />,
                    testId: 'done-balance',
                  },
                  inLeg && {
                    label: t('transfer.fromAfter', { number: inLeg.accountNumber }),
                    value: <MoneyText value={inLeg.balanceAfter} />,
                    testId: 'done-to-balance',
                  },
                  { label: t('tx.journal'), value: outLeg.journalNumber ?? '-' },
                ]
              : undefined
          }
        />
      }
    />
  );
}
