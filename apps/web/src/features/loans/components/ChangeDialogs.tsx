/**
 * The officer's changes to a running loan, each through the shared posting
 * dialog (form → confirmation → result; "Kirim ulang" with the same
 * Idempotency-Key only after no answer or a 5xx):
 *  - cancel the release (before any payment; reversal journal, the loan is
 *    APPROVED again) — the role's cancel and release flags;
 *  - waive fines (all, or an amount, oldest first; nothing is posted) —
 *    permission member_transaction:delete;
 *  - change future installments (due date, principal, interest of the
 *    installments nothing was paid on; the unpaid principal must still equal
 *    the remaining principal) with a reason (audited).
 */

import { dec } from '@koperasi/finance/money';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/dates/DateField';
import { MoneyField } from '../../../components/money/MoneyField';
import { MoneyText } from '../../../components/money/MoneyText';
import { DoneView, PostingDialog, usePosting } from '../../../components/Posting';
import { useFormat } from '../../../lib/format';
import { useSubmissionKeys } from '../../../lib/submission';
import { type CancelReleaseResult, useCancelRelease, useUpdateInstallments, useWaiveFine } from '../api/changes';
import type { LoanDetailView } from '../api/types';

function ReasonField({ value, onChange, testId }: { value: string; onChange: (v: string) => void; testId: string }) {
  const { t } = useTranslation('loans');
  return (
    <TextField
      label={t('decision.reason')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      required
      multiline
      minRows={2}
      slotProps={{ htmlInput: { maxLength: 500, 'data-testid': testId } }}
    />
  );
}

// ---------------------------------------------------------------- cancel release

export function CancelReleaseDialog({ loan, onClose }: { loan: LoanDetailView; onClose: () => void }) {
  const { t } = useTranslation('loans');
  const f = useFormat();
  const keys = useSubmissionKeys();
  const posting = usePosting<CancelReleaseResult>();
  const cancel = useCancelRelease();
  const [reason, setReason] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const toConfirm = () => {
    setFormError(null);
    if (!reason.trim()) return setFormError(t('decision.reasonRequired'));
    posting.toConfirm();
  };
  const confirm = () =>
    posting.run(async () => {
      const b = { loanId: loan.id, reason: reason.trim() };
      const env = await cancel.mutateAsync({ ...b, idempotencyKey: keys.ticket(b).key });
      keys.done();
      return env.data;
    });
  const r = posting.result;
  return (
    <PostingDialog
      open
      onClose={onClose}
      title={t('changes.cancelRelease.title')}
      testId="cancel-release-dialog"
      step={posting.step}
      busy={posting.busy}
      error={posting.error}
      errorRetryable={posting.retryable}
      onContinue={toConfirm}
      onConfirm={confirm}
      onBack={posting.back}
      destructive
      confirmLabel={t('changes.cancelRelease.confirm')}
      header={
        <Alert severity="warning" sx={{ mb: 2.5 }}>
          {t('changes.cancelRelease.intro', { number: loan.loanNumber, net: f.money(loan.netDisbursed) })}
        </Alert>
      }
      form={
        <>
          <ReasonField value={reason} onChange={setReason} testId="cancel-release-reason" />
          {formError && <Alert severity="error">{formError}</Alert>}
        </>
      }
      summary={[
        { label: t('loan.number'), value: `${loan.loanNumber} · ${loan.memberName}` },
        { label: t('loan.amount'), value: <MoneyText value={loan.amount} /> },
        { label: t('fees.net'), value: <MoneyText value={loan.netDisbursed} />, strong: true },
        loan.releaseDate && { label: t('loan.releaseDate'), value: f.date(loan.releaseDate, 'long') },
        { label: t('decision.reason'), value: reason.trim() },
      ]}
      summaryNote={<Alert severity="info">{t('changes.cancelRelease.after')}</Alert>}
      done={
        r && (
          <DoneView
            title={t('changes.cancelRelease.done')}
            lines={[
              { label: t('changes.reversalJournal'), value: r.reversalJournalNumber, strong: true },
              { label: t('changes.status'), value: t(`status.${r.loan.status}`) },
            ]}
          />
        )
      }
    />
  );
}

// ---------------------------------------------------------------- waive fine

export function WaiveFineDialog({ loan, onClose }: { loan: LoanDetailView; onClose: () => void }) {
  const { t } = useTranslation('loans');
  const f = useFormat();
  const keys = useSubmissionKeys();
  const posting = usePosting<LoanDetailView>();
  const waive = useWaiveFine();
  const fineDue = loan.installments.reduce((s, i) => s.plus(i.fineDue), dec(0)).toNumber();
  const [amount, setAmount] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const waived = amount ?? fineDue;
  const toConfirm = () => {
    setFormError(null);
    if (amount != null && (amount <= 0 || amount > fineDue))
      return setFormError(t('changes.waive.amountInvalid', { fine: f.money(fineDue) }));
    if (!reason.trim()) return setFormError(t('decision.reasonRequired'));
    posting.toConfirm();
  };
  const confirm = () =>
    posting.run(async () => {
      const b = { loanId: loan.id, amount, reason: reason.trim() };
      const env = await waive.mutateAsync({ ...b, idempotencyKey: keys.ticket(b).key });
      keys.done();
      return env.data;
    });
  return (
    <PostingDialog
      open
      onClose={onClose}
      title={t('changes.waive.title')}
      testId="waive-fine-dialog"
      step={posting.step}
      busy={posting.busy}
      error={posting.error}
      errorRetryable={posting.retryable}
      onContinue={toConfirm}
      onConfirm={confirm}
      onBack={posting.back}
      confirmLabel={t('changes.waive.confirm')}
      header={
        <Alert severity="info" sx={{ mb: 2.5 }} data-testid="waive-fine-due">
          {t('changes.waive.intro', { fine: f.money(fineDue) })}
        </Alert>
      }
      form={
        <>
          <MoneyField
            label={t('changes.waive.amount')}
            value={amount}
            onChange={setAmount}
            helperText={t('changes.waive.amountHelp')}
            slotProps={{ htmlInput: { 'data-testid': 'waive-amount' } }}
          />
          <ReasonField value={reason} onChange={setReason} testId="waive-reason" />
          {formError && <Alert severity="error">{formError}</Alert>}
        </>
      }
      summary={[
        { label: t('loan.number'), value: `${loan.loanNumber} · ${loan.memberName}` },
        { label: t('changes.waive.due'), value: <MoneyText value={fineDue} /> },
        { label: t('changes.waive.amount'), value: <MoneyText value={waived} />, strong: true },
        { label: t('decision.reason'), value: reason.trim() },
      ]}
      summaryNote={<Alert severity="info">{t('changes.waive.noJournal')}</Alert>}
      done={
        posting.result && (
          <DoneView
            title={t('changes.waive.done')}
            lines={[{ label: t('changes.waive.amount'), value: <MoneyText value={waived} />, strong: true }]}
          />
        )
      }
    />
  );
}

// ---------------------------------------------------------------- update installments

interface Edit {
  dueDate: string;
  principal: number | null;
  interest: number | null;
}

type Installment = LoanDetailView['installments'][number];

/** The open installments' due date, principal and interest, each editable. */
function InstallmentEditTable({
  open,
  edits,
  changed,
  set,
}: {
  open: Installment[];
  edits: Record<number, Edit>;
  changed: Installment[];
  set: (n: number, patch: Partial<Edit>) => void;
}) {
  const { t } = useTranslation('loans');
  return (
    <TableContainer sx={{ maxHeight: 380 }}>
      <Table size="small" stickyHeader data-testid="update-installment-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('schedule.number')}</TableCell>
            <TableCell sx={{ minWidth: 170 }}>{t('schedule.dueDate')}</TableCell>
            <TableCell sx={{ minWidth: 150 }}>{t('schedule.principal')}</TableCell>
            <TableCell sx={{ minWidth: 150 }}>{t('schedule.interest')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {open.map((i) => (
            <TableRow key={i.number} selected={changed.includes(i)}>
              <TableCell>{i.number}</TableCell>
              <TableCell>
                <DateField
                  label=""
                  aria-label={`${t('schedule.dueDate')} ${i.number}`}
                  value={edits[i.number].dueDate}
                  onChange={(d) => set(i.number, { dueDate: d ?? '' })}
                />
              </TableCell>
              <TableCell>
                <MoneyField
                  size="small"
                  value={edits[i.number].principal}
                  onChange={(v) => set(i.number, { principal: v })}
                  slotProps={{
                    htmlInput: { 'aria-label': `${t('schedule.principal')} ${i.number}`, 'data-testid': `principal-${i.number}` },
                  }}
                />
              </TableCell>
              <TableCell>
                <MoneyField
                  size="small"
                  value={edits[i.number].interest}
                  onChange={(v) => set(i.number, { interest: v })}
                  slotProps={{
                    htmlInput: { 'aria-label': `${t('schedule.interest')} ${i.number}`, 'data-testid': `interest-${i.number}` },
                  }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function UpdateInstallmentDialog({ loan, onClose }: { loan: LoanDetailView; onClose: () => void }) {
  const { t } = useTranslation('loans');
  const f = useFormat();
  const keys = useSubmissionKeys();
  const posting = usePosting<unknown>();
  const update = useUpdateInstallments();
  // Only the installments nothing was paid on may change.
  const open = useMemo(
    () => loan.installments.filter((i) => i.status === 'UNPAID' && i.principalPaid === 0 && i.interestPaid === 0 && i.finePaid === 0),
    [loan.installments],
  );
  const [edits, setEdits] = useState<Record<number, Edit>>(() =>
    Object.fromEntries(open.map((i) => [i.number, { dueDate: i.dueDate, principal: i.principal, interest: i.interest }])),
  );
  const [reason, setReason] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const changed = open.filter((i) => {
    const e = edits[i.number];
    return e && (e.dueDate !== i.dueDate || e.principal !== i.principal || e.interest !== i.interest);
  });
  const principalOpen = open.reduce((s, i) => s.plus(i.principal), dec(0));
  const principalEdited = open.reduce((s, i) => s.plus(edits[i.number]?.principal ?? 0), dec(0));
  const set = (n: number, patch: Partial<Edit>) => setEdits((x) => ({ ...x, [n]: { ...x[n], ...patch } }));

  const toConfirm = () => {
    setFormError(null);
    if (!changed.length) return setFormError(t('changes.update.nothing'));
    const dates = open.map((i) => edits[i.number].dueDate);
    if (dates.some((d, k) => !d || (k > 0 && d <= dates[k - 1]))) return setFormError(t('changes.update.datesOrder'));
    if (open.some((i) => edits[i.number].principal == null || edits[i.number].interest == null))
      return setFormError(t('changes.update.amountMissing'));
    if (!principalEdited.eq(principalOpen))
      return setFormError(
        t('changes.update.principalSum', { sum: f.money(principalEdited.toNumber()), must: f.money(principalOpen.toNumber()) }),
      );
    if (!reason.trim()) return setFormError(t('decision.reasonRequired'));
    posting.toConfirm();
  };
  const body = () => ({
    loanId: loan.id,
    installments: changed.map((i) => {
      const e = edits[i.number];
      return {
        number: i.number,
        ...(e.dueDate !== i.dueDate ? { dueDate: e.dueDate } : {}),
        ...(e.principal !== i.principal ? { principal: e.principal! } : {}),
        ...(e.interest !== i.interest ? { interest: e.interest! } : {}),
      };
    }),
    reason: reason.trim(),
  });
  const confirm = () =>
    posting.run(async () => {
      const b = body();
      const env = await update.mutateAsync({ body: b, idempotencyKey: keys.ticket(b).key });
      keys.done();
      return env.data;
    });

  return (
    <PostingDialog
      open
      onClose={onClose}
      title={t('changes.update.title')}
      testId="update-installment-dialog"
      maxWidth="md"
      step={posting.step}
      busy={posting.busy}
      error={posting.error}
      errorRetryable={posting.retryable}
      onContinue={toConfirm}
      onConfirm={confirm}
      onBack={posting.back}
      continueDisabled={!open.length}
      confirmLabel={t('changes.update.confirm')}
      header={
        <Alert severity="info" sx={{ mb: 2.5 }}>
          {open.length ? t('changes.update.intro', { principal: f.money(principalOpen.toNumber()) }) : t('changes.update.none')}
        </Alert>
      }
      form={
        <>
          {open.length > 0 && <InstallmentEditTable open={open} edits={edits} changed={changed} set={set} />}
          <Box
            sx={{ fontSize: '0.8125rem', color: principalEdited.eq(principalOpen) ? 'text.secondary' : 'error.main' }}
            data-testid="update-principal-sum"
          >
            {t('changes.update.sum', { sum: f.money(principalEdited.toNumber()), must: f.money(principalOpen.toNumber()) })}
          </Box>
          <ReasonField value={reason} onChange={setReason} testId="update-reason" />
          {formError && (
            <Alert severity="error" data-testid="update-form-error">
              {formError}
            </Alert>
          )}
        </>
      }
      summary={[
        { label: t('loan.number'), value: `${loan.loanNumber} · ${loan.memberName}` },
        ...changed.map((i) => {
          const e = edits[i.number];
          return {
            label: t('changes.update.row', { number: i.number }),
            value: `${f.date(e.dueDate)} · ${f.money(e.principal ?? 0)} + ${f.money(e.interest ?? 0)}`,
          };
        }),
        { label: t('decision.reason'), value: reason.trim() },
      ]}
      done={posting.result != null && <DoneView title={t('changes.update.done', { count: changed.length })} />}
    />
  );
}
