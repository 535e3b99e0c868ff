/**
 * Bayar pinjaman: the next installments (how many), a partial payment (up to
 * what is due today), any amount (up to the whole debt) or paying the loan
 * off today (what settles it, from detail-outstanding); from cash or the
 * member's savings. Before confirming: what will be paid and how it is
 * allocated (fine → interest → principal, oldest first) and the principal
 * left after. Amounts over what is owed are warned about; the server's
 * refusal stays in the dialog and sending again reuses the Idempotency-Key.
 * The result offers the receipt (A5 or 80 mm).
 */

import type { LoanPaymentKind } from '@koperasi/contracts/loans';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FundSource, type FundSourceValue, useFundSourceName } from '../../../components/FundSource';
import { MoneyField } from '../../../components/money/MoneyField';
import { MoneyText } from '../../../components/money/MoneyText';
import { PostingDialog, usePosting } from '../../../components/Posting';
import { useFormat } from '../../../lib/format';
import { useSubmissionKeys } from '../../../lib/submission';
import { useOutstanding } from '../api/loanDetail';
import { type PaymentInput, type PaymentResult, usePayLoan } from '../api/payLoan';
import type { LoanDetailView } from '../api/types';
import { todayWib } from '../lib/dates';
import { allocate, dueBy, nextInstallments, partialCap, principalAfter, totalOwed, unpaid } from '../lib/payment';
import { KindToggle, NextInstallments, PaymentDone, PaymentLoanHeader, PayoffFigures } from './PaymentParts';

export { PAYMENT_KINDS } from './PaymentParts';

/** How the payment splits into fine, interest and principal. */
function allocationOf(
  kind: LoanPaymentKind,
  installments: LoanDetailView['installments'],
  next: ReturnType<typeof nextInstallments>,
  outstanding: ReturnType<typeof useOutstanding>['data'],
  amount: number | null,
): { fine: number; interest: number; principal: number } {
  if (kind === 'INSTALLMENT') return { fine: next.fine, interest: next.interest, principal: next.principal };
  if (kind === 'PAYOFF')
    return { fine: outstanding?.fine ?? 0, interest: outstanding?.interest ?? 0, principal: outstanding?.remainingPrincipal ?? 0 };
  return allocate(installments, amount);
}

/** The amount of a partial or open payment, its cap, and how it would split. */
function AmountFields(p: {
  kind: LoanPaymentKind;
  amount: number | null;
  onAmount: (v: number | null) => void;
  amountRef: RefObject<HTMLInputElement | null>;
  cap: number;
  warn: boolean;
  alloc: { fine: number; interest: number; principal: number };
}) {
  const { t } = useTranslation('loans');
  const f = useFormat();
  const { kind, amount, onAmount, amountRef, cap, warn, alloc } = p;
  return (
    <>
      <MoneyField
        label={t('pay.amount')}
        value={amount}
        onChange={(v) => onAmount(v)}
        inputRef={amountRef}
        name="amount"
        required
        helperText={kind === 'PARTIAL' ? t('pay.maxPartial', { amount: f.money(cap) }) : t('pay.maxOpen', { amount: f.money(cap) })}
      />
      {warn && (
        <Alert severity="warning" data-testid="warn-over">
          {kind === 'PARTIAL' ? t('pay.overPartial', { amount: f.money(cap) }) : t('pay.overOwed', { amount: f.money(cap) })}
        </Alert>
      )}
      {amount !== null && amount > 0 && (
        <Box data-testid="pay-allocation" sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>
          {t('pay.allocation', {
            fine: f.money(alloc.fine),
            interest: f.money(alloc.interest),
            principal: f.money(alloc.principal),
          })}
        </Box>
      )}
    </>
  );
}

/** How many installments to pay, and those installments. */
function InstallmentCount(p: {
  count: number;
  onCount: (n: number) => void;
  openCount: number;
  next: ReturnType<typeof nextInstallments>;
}) {
  const { t } = useTranslation('loans');
  const { count, onCount, openCount, next } = p;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <TextField
        label={t('pay.count')}
        type="number"
        value={count}
        onChange={(e) => onCount(Math.max(1, Math.min(openCount || 1, Number(e.target.value) || 1)))}
        slotProps={{ htmlInput: { min: 1, max: openCount, 'data-testid': 'pay-count' } }}
        helperText={t('pay.countHint', { count: openCount })}
      />
      <NextInstallments next={next} />
    </Box>
  );
}

export function PaymentDialog({
  loan,
  initialKind = 'INSTALLMENT',
  onClose,
  today = todayWib(),
}: {
  loan: LoanDetailView;
  initialKind?: LoanPaymentKind;
  onClose: () => void;
  today?: string;
}) {
  const { t } = useTranslation('loans');
  const _f = useFormat();
  const keys = useSubmissionKeys();
  const posting = usePosting<PaymentResult>();
  const pay = usePayLoan();
  const [kind, setKind] = useState<LoanPaymentKind>(initialKind);
  const [count, setCount] = useState(1);
  const [amount, setAmount] = useState<number | null>(null);
  const [description, setDescription] = useState('');
  const [fund, setFund] = useState<FundSourceValue>({ source: 'CASH', coaId: '', memberSavingId: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const onFund = useCallback((v: FundSourceValue) => setFund(v), []);
  const fundName = useFundSourceName(fund, loan.memberId);
  const outstanding = useOutstanding(loan.id, null, kind === 'PAYOFF');
  const amountRef = useRef<HTMLInputElement | null>(null);

  const open = unpaid(loan.installments);
  const next = nextInstallments(loan.installments, count);
  const due = dueBy(loan.installments, today);
  const owed = totalOwed(loan.installments);
  const byAmount = kind === 'PARTIAL' || kind === 'OPEN_AMOUNT';
  const cap = kind === 'PARTIAL' ? partialCap(loan.installments, today) : owed;
  const over = byAmount && amount !== null && amount > 0 && allocate(loan.installments, amount).excess > 0;
  const overPartial = kind === 'PARTIAL' && amount !== null && amount > cap;
  const alloc = allocationOf(kind, loan.installments, next, outstanding.data, amount);
  const payTotal = kind === 'INSTALLMENT' ? next.total : kind === 'PAYOFF' ? (outstanding.data?.total ?? null) : amount;

  useEffect(() => {
    if (!byAmount) return;
    const timer = window.setTimeout(() => amountRef.current?.focus(), 60);
    return () => window.clearTimeout(timer);
  }, [byAmount]);

  const input = (): PaymentInput => ({
    kind,
    loanId: loan.id,
    count,
    amount,
    source: fund.source,
    coaId: fund.coaId || null,
    memberSavingId: fund.memberSavingId || null,
    description,
  });

  const toConfirm = () => {
    setFormError(null);
    if (byAmount && (!amount || amount <= 0)) return setFormError(t('pay.amountRequired'));
    if (kind === 'INSTALLMENT' && (count < 1 || count > open.length)) return setFormError(t('pay.countInvalid', { count: open.length }));
    if (kind === 'PAYOFF' && !outstanding.data) return setFormError(t('pay.outstandingMissing'));
    if (fund.source === 'SAVING' && !fund.memberSavingId) return setFormError(t('source.savingRequired'));
    posting.toConfirm();
  };
  const confirm = () =>
    posting.run(async () => {
      const i = input();
      const ticket = keys.ticket(i);
      const env = await pay.mutateAsync({ input: i, idempotencyKey: ticket.key });
      keys.done();
      return env.data;
    });

  const r = posting.result;
  return (
    <PostingDialog
      open
      onClose={onClose}
      title={t('pay.title')}
      testId="payment-dialog"
      maxWidth="sm"
      step={posting.step}
      busy={posting.busy}
      error={posting.error}
      errorRetryable={posting.retryable}
      onContinue={toConfirm}
      onConfirm={confirm}
      onBack={posting.back}
      confirmLabel={t('pay.confirm')}
      header={<PaymentLoanHeader loan={loan} due={due} />}
      form={
        <>
          <KindToggle
            kind={kind}
            onKind={(v) => {
              setKind(v);
              setFormError(null);
            }}
          />
          <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary', mt: -1 }}>{t(`pay.hints.${kind}`)}</Typography>
          {kind === 'INSTALLMENT' && <InstallmentCount count={count} onCount={setCount} openCount={open.length} next={next} />}
          {byAmount && (
            <AmountFields
              kind={kind}
              amount={amount}
              onAmount={setAmount}
              amountRef={amountRef}
              cap={cap}
              warn={over || overPartial}
              alloc={alloc}
            />
          )}
          {kind === 'PAYOFF' && <PayoffFigures outstanding={outstanding} />}
          <FundSource value={fund} onChange={onFund} memberId={loan.memberId} direction="in" />
          <TextField
            label={t('form.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          {formError && (
            <Alert severity="error" data-testid="payment-form-error">
              {formError}
            </Alert>
          )}
        </>
      }
      summary={[
        { label: t('loan.number'), value: `${loan.loanNumber} · ${loan.productName}` },
        { label: t('loan.member'), value: `${loan.memberName} (${loan.cifNumber})` },
        { label: t('pay.kind'), value: kind === 'INSTALLMENT' ? t('pay.kindCount', { count }) : t(`pay.kinds.${kind}`) },
        { label: t('pay.amount'), value: <MoneyText value={payTotal} />, strong: true, testId: 'summary-amount' },
        alloc.fine > 0 && { label: t('schedule.fine'), value: <MoneyText value={alloc.fine} /> },
        { label: t('schedule.interest'), value: <MoneyText value={alloc.interest} />, testId: 'summary-interest' },
        { label: t('schedule.principal'), value: <MoneyText value={alloc.principal} />, testId: 'summary-principal' },
        {
          label: t('pay.principalAfter'),
          value: <MoneyText value={principalAfter(loan.remainingPrincipal, alloc.principal)} />,
          strong: true,
          testId: 'summary-after',
        },
        { label: fund.source === 'CASH' ? t('source.cashAccount') : t('source.savingFrom'), value: fundName },
        description.trim() && { label: t('form.description'), value: description.trim() },
      ]}
      done={r && <PaymentDone result={r} loanId={loan.id} />}
    />
  );
}
