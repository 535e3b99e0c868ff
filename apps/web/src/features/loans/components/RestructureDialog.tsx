/**
 * Restrukturisasi: a new schedule on the remaining principal — a new tenor,
 * rate (percent a month) or interest method, arrears (unpaid interest and
 * fines) capitalised or left due on the first new installment, the first
 * new installment's date, and a reason. The simulation of the new schedule
 * is shown before confirming (the product-less simulation with the loan's
 * rounding); the old schedule is kept in the loan's history.
 */

import { LOAN_INTEREST_METHODS } from '@koperasi/contracts/enums';
import type { LoanInterestMethod } from '@koperasi/contracts/loans';
import { dec } from '@koperasi/finance/money';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/dates/DateField';
import { MoneyText } from '../../../components/money/MoneyText';
import { DoneView, PostingDialog, usePosting } from '../../../components/Posting';
import { useDebounced } from '../../../components/table/useServerTable';
import { api } from '../../../lib/api/client';
import { useFormat } from '../../../lib/format';
import { useSubmissionKeys } from '../../../lib/submission';
import { loansKey } from '../api/keys';
import { useRestructureLoan } from '../api/restructureLoan';
import type { LoanDetailView, LoanView, Simulation } from '../api/types';
import { todayWib } from '../lib/dates';
import { SimulationTable } from './SimulationTable';

/** The new schedule, simulated on the remaining principal (product-less: the method and rounding chosen). */
function useRestructureSimulation(
  loan: LoanDetailView,
  terms: { tenor: number | null; rateNum: number | null; method: LoanInterestMethod; firstDate: string | null },
  today: string,
) {
  const q = useDebounced(terms, 300);
  return useQuery({
    queryKey: [...loansKey, 'restructure-sim', loan.id, loan.remainingPrincipal, q],
    queryFn: ({ signal }) =>
      api<Simulation>('/api/transaction/product/loan/v2/simulation-installment', {
        query: {
          amount: loan.remainingPrincipal,
          tenorInMonth: q.tenor,
          interestBaseRate: dec(q.rateNum ?? 0)
            .times(12)
            .toNumber(),
          interestMethod: q.method,
          roundingMultiple: loan.roundingMultiple,
          installmentPayMethod: loan.installmentPayMethod,
          disbursementDate: today,
          firstInstallmentDate: q.firstDate || undefined,
        },
        signal,
      }),
    enabled: Boolean(q.tenor && q.tenor >= 1 && q.tenor <= 360 && q.rateNum !== null && loan.remainingPrincipal > 0),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

export function RestructureDialog({ loan, onClose }: { loan: LoanDetailView; onClose: () => void }) {
  const { t } = useTranslation('loans');
  const f = useFormat();
  const keys = useSubmissionKeys();
  const posting = usePosting<LoanView>();
  const restructure = useRestructureLoan();
  const today = todayWib();
  const [tenor, setTenor] = useState<number | null>(Math.max(1, loan.installments.filter((i) => i.status !== 'PAID').length));
  const [rate, setRate] = useState<string>(String(loan.interestRate));
  const [method, setMethod] = useState<LoanInterestMethod>(loan.interestMethod);
  const [capitalize, setCapitalize] = useState(false);
  const [firstDate, setFirstDate] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const rateNum = rate.trim() === '' || Number.isNaN(Number(rate)) ? null : Number(rate);

  const sim = useRestructureSimulation(loan, { tenor, rateNum, method, firstDate }, today);

  const toConfirm = () => {
    setFormError(null);
    if (!tenor || tenor < 1 || tenor > 360 || !Number.isInteger(tenor)) return setFormError(t('restructure.tenorInvalid'));
    if (rateNum === null || rateNum < 0 || rateNum > 100) return setFormError(t('restructure.rateInvalid'));
    if (!reason.trim()) return setFormError(t('decision.reasonRequired'));
    posting.toConfirm();
  };
  const body = () => ({
    loanId: loan.id,
    tenorInMonth: tenor!,
    interestRate: rateNum!,
    interestMethod: method,
    capitalizeArrears: capitalize,
    ...(firstDate ? { firstInstallmentDate: firstDate } : {}),
    reason: reason.trim(),
  });
  const confirm = () =>
    posting.run(async () => {
      const b = body();
      const ticket = keys.ticket(b);
      const env = await restructure.mutateAsync({ body: b, idempotencyKey: ticket.key });
      keys.done();
      const d = env.data as LoanView | { loan: LoanView };
      return 'loan' in d ? d.loan : d;
    });

  const r = posting.result;
  return (
    <PostingDialog
      open
      onClose={onClose}
      title={t('restructure.title')}
      testId="restructure-dialog"
      maxWidth="md"
      step={posting.step}
      busy={posting.busy}
      error={posting.error}
      errorRetryable={posting.retryable}
      onContinue={toConfirm}
      onConfirm={confirm}
      onBack={posting.back}
      confirmLabel={t('restructure.confirm')}
      header={
        <Alert severity="info" sx={{ mb: 2.5 }}>
          {t('restructure.intro', { principal: f.money(loan.remainingPrincipal), number: loan.loanNumber })}
        </Alert>
      }
      form={
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
            <TextField
              label={t('form.tenor')}
              value={tenor ?? ''}
              onChange={(e) => setTenor(e.target.value === '' ? null : Number(e.target.value.replace(/\D/g, '')))}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'restructure-tenor' } }}
            />
            <TextField
              label={t('restructure.rate')}
              value={rate}
              onChange={(e) => setRate(e.target.value.replace(',', '.'))}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <TextField
              select
              label={t('terms.interestMethod')}
              value={method}
              onChange={(e) => setMethod(e.target.value as LoanInterestMethod)}
            >
              {LOAN_INTEREST_METHODS.map((m) => (
                <MenuItem key={m} value={m}>
                  {t(`method.${m}`)}
                </MenuItem>
              ))}
            </TextField>
            <DateField label={t('release.firstInstallment')} value={firstDate} onChange={setFirstDate} min={today} />
            <Box sx={{ gridColumn: { sm: 'span 2' }, display: 'flex', alignItems: 'center' }}>
              <FormControlLabel
                control={<Switch checked={capitalize} onChange={(e) => setCapitalize(e.target.checked)} />}
                label={t('restructure.capitalize')}
              />
            </Box>
          </Box>
          <TextField
            label={t('decision.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'restructure-reason' } }}
          />
          <SimulationTable
            data={sim.data}
            loading={sim.isFetching}
            error={sim.isError ? sim.error : null}
            maxHeight={260}
            fileName={`restrukturisasi-${loan.loanNumber}`}
          />
          {formError && (
            <Alert severity="error" data-testid="restructure-form-error">
              {formError}
            </Alert>
          )}
        </>
      }
      summary={[
        { label: t('loan.number'), value: `${loan.loanNumber} · ${loan.memberName}` },
        { label: t('loan.remainingPrincipal'), value: <MoneyText value={loan.remainingPrincipal} /> },
        { label: t('form.tenor'), value: t('form.tenorValue', { count: tenor ?? 0 }), strong: true },
        { label: t('restructure.rate'), value: `${t(`method.${method}`)} · ${t('terms.perMonth', { rate: f.percent(rateNum) })}` },
        { label: t('restructure.capitalize'), value: capitalize ? t('yes') : t('no') },
        sim.data && { label: t('simulation.installment'), value: <MoneyText value={sim.data.installmentAmount} />, strong: true },
        { label: t('decision.reason'), value: reason.trim() },
      ]}
      done={
        r && (
          <DoneView
            title={t('restructure.done')}
            lines={[
              { label: t('form.tenor'), value: t('form.tenorValue', { count: r.tenorInMonth }) },
              { label: t('loan.installment'), value: <MoneyText value={r.installmentAmount} />, strong: true },
            ]}
          />
        )
      }
    />
  );
}
