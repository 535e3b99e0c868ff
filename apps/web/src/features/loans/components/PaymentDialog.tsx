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
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FundSource, type FundSourceValue, useFundSourceName } from '../../../components/FundSource';
import { MoneyField } from '../../../components/money/MoneyField';
import { MoneyText } from '../../../components/money/MoneyText';
import { DoneView, PostingDialog, usePosting } from '../../../components/Posting';
import { useFormat } from '../../../lib/format';
import { useSubmissionKeys } from '../../../lib/submission';
import { useOutstanding } from '../api/loanDetail';
import { type PaymentInput, type PaymentResult, usePayLoan } from '../api/payLoan';
import type { LoanDetailView } from '../api/types';
import { todayWib } from '../lib/dates';
import { allocate, dueBy, nextInstallments, partialCap, principalAfter, totalOwed, unpaid } from '../lib/payment';
import { ReceiptButtons } from './ReceiptButtons';

export const PAYMENT_KINDS: LoanPaymentKind[] = ['INSTALLMENT', 'PARTIAL', 'OPEN_AMOUNT', 'PAYOFF'];

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
  const f = useFormat();
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
  const alloc =
    kind === 'INSTALLMENT'
      ? { fine: next.fine, interest: next.interest, principal: next.principal }
      : kind === 'PAYOFF'
        ? {
            fine: outstanding.data?.fine ?? 0,
            interest: outstanding.data?.interest ?? 0,
            principal: outstanding.data?.remainingPrincipal ?? 0,
          }
        : allocate(loan.installments, amount);
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
      header={
        <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover', mb: 2.5 }} data-testid="payment-loan">
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>
                {loan.loanNumber} · {loan.productName}
              </Typography>
              <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>
                {loan.memberName} ({loan.cifNumber})
              </Typography>
            </Box>
            <Box sx={{ textAlign: 'end' }}>
              <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{t('loan.remainingPrincipal')}</Typography>
              <Typography sx={{ fontWeight: 700, fontSize: '1.125rem' }} data-testid="payment-remaining">
                <MoneyText value={loan.remainingPrincipal} />
              </Typography>
              <Typography sx={{ fontSize: '0.75rem', color: due > 0 ? 'error.main' : 'text.secondary' }} data-testid="payment-due">
                {t('pay.dueToday')}: <MoneyText value={due} />
              </Typography>
            </Box>
          </Box>
        </Box>
      }
      form={
        <>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={kind}
            onChange={(_e, v: LoanPaymentKind | null) => {
              if (!v) return;
              setKind(v);
              setFormError(null);
            }}
            sx={{ flexWrap: 'wrap' }}
            aria-label={t('pay.kind')}
          >
            {PAYMENT_KINDS.map((k) => (
              <ToggleButton key={k} value={k} data-testid={`pay-kind-${k}`} sx={{ flex: { xs: '1 1 45%', sm: 1 } }}>
                {t(`pay.kinds.${k}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary', mt: -1 }}>{t(`pay.hints.${kind}`)}</Typography>
          {kind === 'INSTALLMENT' && (
            <Box sx={{ display: 'grid', gap: 1.5 }}>
              <TextField
                label={t('pay.count')}
                type="number"
                value={count}
                onChange={(e) => setCount(Math.max(1, Math.min(open.length || 1, Number(e.target.value) || 1)))}
                slotProps={{ htmlInput: { min: 1, max: open.length, 'data-testid': 'pay-count' } }}
                helperText={t('pay.countHint', { count: open.length })}
              />
              <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }} data-testid="pay-next">
                {next.rows.map((o) => (
                  <Box key={o.number} sx={{ display: 'flex', justifyContent: 'space-between', fontSize: '0.8125rem', py: 0.25 }}>
                    <span>
                      {t('pay.installmentN', { n: o.number })} · {f.date(o.dueDate)}
                      {o.fine > 0 ? ` · ${t('schedule.fine')} ${f.money(o.fine)}` : ''}
                    </span>
                    <MoneyText value={o.total} />
                  </Box>
                ))}
                <Box
                  sx={{
                    display: 'flex',
                    justifyContent: 'space-between',
                    fontWeight: 700,
                    pt: 0.75,
                    mt: 0.5,
                    borderTop: 1,
                    borderColor: 'divider',
                  }}
                >
                  <span>{t('pay.total')}</span>
                  <span data-testid="pay-next-total">
                    <MoneyText value={next.total} />
                  </span>
                </Box>
              </Box>
            </Box>
          )}
          {byAmount && (
            <>
              <MoneyField
                label={t('pay.amount')}
                value={amount}
                onChange={(v) => setAmount(v)}
                inputRef={amountRef}
                name="amount"
                required
                helperText={kind === 'PARTIAL' ? t('pay.maxPartial', { amount: f.money(cap) }) : t('pay.maxOpen', { amount: f.money(cap) })}
              />
              {(over || overPartial) && (
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
          )}
          {kind === 'PAYOFF' && (
            <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }} data-testid="pay-payoff">
              {outstanding.isError ? (
                <Alert severity="error">{t('pay.outstandingMissing')}</Alert>
              ) : (
                <>
                  {[
                    [t('loan.remainingPrincipal'), outstanding.data?.remainingPrincipal],
                    [t('outstanding.interest'), outstanding.data?.interest],
                    [t('outstanding.fine'), outstanding.data?.fine],
                  ].map(([label, v]) => (
                    <Box key={String(label)} sx={{ display: 'flex', justifyContent: 'space-between', fontSize: '0.8125rem', py: 0.25 }}>
                      <span>{label}</span>
                      <MoneyText value={v as number | undefined} />
                    </Box>
                  ))}
                  <Box
                    sx={{
                      display: 'flex',
                      justifyContent: 'space-between',
                      fontWeight: 700,
                      pt: 0.75,
                      mt: 0.5,
                      borderTop: 1,
                      borderColor: 'divider',
                    }}
                  >
                    <span>{t('outstanding.total')}</span>
                    <span data-testid="pay-payoff-total">
                      <MoneyText value={outstanding.data?.total} />
                    </span>
                  </Box>
                </>
              )}
            </Box>
          )}
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
      done={
        r && (
          <DoneView
            title={r.loan.status === 'PAID_OFF' ? t('pay.donePaidOff') : t('pay.done')}
            receipt={<ReceiptButtons loanId={loan.id} paymentId={r.payment.id} />}
            lines={[
              r.payment.journalNumber && { label: t('pay.journal'), value: r.payment.journalNumber, testId: 'done-journal' },
              { label: t('pay.amount'), value: <MoneyText value={r.payment.amount} />, testId: 'done-amount', strong: true },
              r.payment.fine > 0 && { label: t('schedule.fine'), value: <MoneyText value={r.payment.fine} /> },
              { label: t('schedule.interest'), value: <MoneyText value={r.payment.interest} /> },
              { label: t('schedule.principal'), value: <MoneyText value={r.payment.principal} /> },
              {
                label: t('loan.remainingPrincipal'),
                value: <MoneyText value={r.loan.remainingPrincipal} />,
                testId: 'done-remaining',
                strong: true,
              },
            ]}
          />
        )
      }
    />
  );
}
