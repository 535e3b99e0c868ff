/**
 * Change an unpaid installment (POST transaction/product/bill/update-installment):
 * its due date and/or amount, with a reason. Checked here first (something
 * changed, amount above zero, due date between its neighbours), then a
 * confirmation step shows old → new and the effect on the bill's total; the
 * server's refusals come back on the field they concern. A WITH_TOTAL_DEBT
 * bill keeps its total, so only the due date can change there.
 */
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/dates/DateField';
import { MoneyField } from '../../../components/money/MoneyField';
import { isApiError } from '../../../lib/api/errors';
import { useFormat } from '../../../lib/format';
import { sumMoney } from '../../../lib/money';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { useSubmissionKeys } from '../../../lib/submission';
import { billPaths, useBillAction } from '../api/bills';
import type { BillDetailView } from '../api/types';
import type { ScheduleRow } from './ScheduleTable';

type Field = 'dueDate' | 'amount' | 'reason';

/** Which field a server refusal belongs to (codes of bills.changes.ts, zod paths installments.0.amount ...). */
function fieldOf(code: string | null, path: string): Field | null {
  if (code === 'INSTALLMENT_DATES_ORDER' || path.endsWith('dueDate')) return 'dueDate';
  if (code === 'BILL_TOTAL_FIXED' || path.endsWith('amount')) return 'amount';
  if (path === 'reason') return 'reason';
  return null;
}

interface ReviewProps {
  bill: BillDetailView;
  row: ScheduleRow;
  dueDate: string | null;
  amount: number | null;
  dateChanged: boolean;
  amountChanged: boolean;
  reason: string;
}

/** The confirm step: each change from → to, its effect on the bill's total and debt, and the reason. */
function ReviewContent({ bill, row, dueDate, amount, dateChanged, amountChanged, reason }: ReviewProps) {
  const { t } = useTranslation('bills');
  const f = useFormat();
  const delta = amountChanged ? sumMoney([amount, -row.amount]) : 0;
  const total = sumMoney([bill.amount, bill.adminFee]);
  return (
    <DialogContent sx={{ display: 'grid', gap: 1.5, pt: '8px !important' }} data-testid="change-review">
      <DialogContentText sx={{ fontSize: '0.875rem' }}>{t('change.confirmMessage', { number: bill.billNumber })}</DialogContentText>
      {dateChanged && <Diff label={t('schedule.dueDate')} from={f.date(row.dueDate)} to={f.date(dueDate)} />}
      {amountChanged && <Diff label={t('schedule.amount')} from={f.money(row.amount)} to={f.money(amount)} />}
      <Diff label={t('change.billTotal')} from={f.money(total)} to={f.money(sumMoney([total, delta]))} />
      {bill.status === 'RUNNING' && delta !== 0 && (
        <Diff label={t('bill.debt')} from={f.money(bill.debt)} to={f.money(sumMoney([bill.debt, delta]))} />
      )}
      <Typography
        sx={{ fontSize: '0.875rem', fontWeight: delta === 0 ? 400 : 600 }}
        color={delta === 0 ? 'text.secondary' : 'text.primary'}
        data-testid="change-effect"
      >
        {delta > 0
          ? t('change.effectMore', { amount: f.money(delta) })
          : delta < 0
            ? t('change.effectLess', { amount: f.money(-delta) })
            : t('change.effectNone')}
      </Typography>
      <Typography sx={{ fontSize: '0.875rem' }} color="text.secondary">
        {t('dialog.reason')}: {reason.trim()}
      </Typography>
    </DialogContent>
  );
}

export function ChangeInstallmentDialog({ bill, row, onClose }: { bill: BillDetailView; row: ScheduleRow; onClose: () => void }) {
  const { t } = useTranslation('bills');
  const f = useFormat();
  const keys = useSubmissionKeys();
  const action = useBillAction();
  const [dueDate, setDueDate] = useState<string | null>(row.dueDate);
  const [amount, setAmount] = useState<number | null>(row.amount);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const [server, setServer] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const totalFixed = bill.billType === 'WITH_TOTAL_DEBT';

  const live = bill.schedule.filter((r) => r.status !== 'DELETED' && r.number !== row.number);
  const prev = live.filter((r) => r.number < row.number).at(-1)?.dueDate;
  const next = live.find((r) => r.number > row.number)?.dueDate;
  const dateChanged = !!dueDate && dueDate !== row.dueDate;
  const amountChanged = amount !== null && amount !== row.amount;

  const errors: Partial<Record<Field, string>> = { ...server };
  if (tried) {
    if (!dueDate) errors.dueDate = t('form.required');
    else if ((prev && dueDate < prev) || (next && dueDate > next))
      errors.dueDate = t('change.dateBetween', { from: prev ? f.date(prev) : '—', to: next ? f.date(next) : '—' });
    if (!amount || amount <= 0) errors.amount = t('change.amountPositive');
    if (!reason.trim()) errors.reason = t('form.required');
  }
  const nothing = tried && !dateChanged && !amountChanged;

  const review = () => {
    setTried(true);
    const ok = !!dueDate && !(prev && dueDate < prev) && !(next && dueDate > next) && !!amount && amount > 0 && !!reason.trim();
    if (!ok || !(dateChanged || amountChanged)) return;
    setServer({});
    setStep('confirm');
  };

  const body = {
    billId: bill.id,
    installments: [{ number: row.number, ...(dateChanged ? { dueDate } : {}), ...(amountChanged ? { amount } : {}) }],
    reason: reason.trim(),
  };

  const send = async () => {
    setGeneral(null);
    try {
      await action.mutateAsync({ path: billPaths.updateInstallment, body, idempotencyKey: keys.ticket(body).key });
      keys.done();
      notifySuccess(t('change.done', { installment: row.number }));
      onClose();
    } catch (e) {
      const found: Partial<Record<Field, string>> = {};
      if (isApiError(e)) {
        for (const fe of e.fields) {
          const k = fieldOf(e.errorCode, fe.field);
          if (k) found[k] = fe.message;
        }
        const k = fieldOf(e.errorCode, '');
        if (k && !found[k]) found[k] = e.message;
      }
      if (Object.keys(found).length) setServer(found);
      else setGeneral(errorMessage(e));
      setStep('edit');
    }
  };

  const clear = (k: Field) => setServer(({ [k]: _, ...rest }) => rest);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="change-dialog">
      <DialogTitle>{t('change.title', { installment: row.number })}</DialogTitle>
      {step === 'edit' ? (
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <DialogContentText sx={{ fontSize: '0.875rem' }}>{t('change.message', { number: bill.billNumber })}</DialogContentText>
          <DateField
            label={t('schedule.dueDate')}
            value={dueDate}
            onChange={(v) => {
              setDueDate(v);
              clear('dueDate');
            }}
            name="changeDueDate"
            error={!!errors.dueDate}
            helperText={errors.dueDate ?? t('change.was', { value: f.date(row.dueDate) })}
          />
          <MoneyField
            label={t('schedule.amount')}
            value={amount}
            onChange={(v) => {
              setAmount(v);
              clear('amount');
            }}
            name="changeAmount"
            disabled={totalFixed}
            error={!!errors.amount}
            helperText={errors.amount ?? (totalFixed ? t('change.totalFixed') : t('change.was', { value: f.money(row.amount) }))}
          />
          <TextField
            label={t('dialog.reason')}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              clear('reason');
            }}
            error={!!errors.reason}
            helperText={errors.reason}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'change-reason' } }}
          />
          {nothing && (
            <Alert severity="warning" data-testid="change-nothing">
              {t('change.nothing')}
            </Alert>
          )}
          {general && <Alert severity="error">{general}</Alert>}
        </DialogContent>
      ) : (
        <ReviewContent
          bill={bill}
          row={row}
          dueDate={dueDate}
          amount={amount}
          dateChanged={dateChanged}
          amountChanged={amountChanged}
          reason={reason}
        />
      )}
      <DialogActions>
        {step === 'edit' ? (
          <>
            <Button onClick={onClose}>{t('common:common.cancel')}</Button>
            <Button variant="contained" onClick={review} data-testid="change-next">
              {t('change.next')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => setStep('edit')} disabled={action.isPending}>
              {t('change.back')}
            </Button>
            <Button variant="contained" onClick={send} disabled={action.isPending} data-testid="change-submit">
              {t('change.submit')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

function Diff({ label, from, to }: { label: string; from: string; to: string }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '140px 1fr', alignItems: 'center', gap: 1, fontSize: '0.875rem' }}>
      <Typography sx={{ fontSize: '0.875rem' }} color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Box component="span" sx={{ textDecoration: 'line-through', color: 'text.secondary' }}>
          {from}
        </Box>
        <ArrowForwardRounded fontSize="small" sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
        <Box component="span" sx={{ fontWeight: 600 }}>
          {to}
        </Box>
      </Box>
    </Box>
  );
}
