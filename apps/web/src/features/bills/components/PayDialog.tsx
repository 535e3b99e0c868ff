/**
 * Pay a bill (POST transaction/product/bill/payment-open-amount): any amount
 * up to what it still owes, from cash/bank or the member's savings, oldest
 * installment first (admin fee, then amount). Confirms before posting; one
 * Idempotency-Key per submission.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ConfirmDialog';
import { FundSource, type FundSourceValue } from '../../../components/FundSource';
import { MoneyField } from '../../../components/money/MoneyField';
import { useFormat } from '../../../lib/format';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { useSubmissionKeys } from '../../../lib/submission';
import { billPaths, useBillAction } from '../api/bills';
import type { BillDetailView } from '../api/types';

export function PayDialog({ bill, open, onClose }: { bill: BillDetailView; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('bills');
  const f = useFormat();
  const keys = useSubmissionKeys();
  const pay = useBillAction();
  const { confirm, dialog } = useConfirm();
  const [amount, setAmount] = useState<number | null>(null);
  const [source, setSource] = useState<FundSourceValue>({ source: 'CASH', coaId: '', memberSavingId: '' });
  const [description, setDescription] = useState('');
  const [tried, setTried] = useState(false);
  const over = amount !== null && amount > bill.debt;
  const savingMissing = source.source === 'SAVING' && !source.memberSavingId;

  const submit = async () => {
    setTried(true);
    if (!amount || amount <= 0 || over || savingMissing) return;
    const ok = await confirm({
      title: t('pay.confirmTitle'),
      message: t('pay.confirmMessage', { amount: f.money(amount), number: bill.billNumber, name: bill.memberName }),
      confirmLabel: t('pay.submit'),
    });
    if (!ok) return;
    const body = {
      billId: bill.id,
      amount,
      source: source.source,
      ...(source.source === 'SAVING' ? { memberSavingId: source.memberSavingId } : source.coaId ? { coaId: source.coaId } : {}),
      description: description.trim() || null,
    };
    try {
      await pay.mutateAsync({ path: billPaths.pay, body, idempotencyKey: keys.ticket(body).key });
      keys.done();
      notifySuccess(t('pay.done', { amount: f.money(amount) }));
      onClose();
    } catch {
      /* shown below */
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="pay-dialog">
      <DialogTitle>{t('pay.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <Typography sx={{ fontSize: '0.875rem' }}>{t('pay.owed', { amount: f.money(bill.debt) })}</Typography>
        <MoneyField
          autoFocus
          label={t('pay.amount')}
          value={amount}
          onChange={setAmount}
          error={(tried && !amount) || over}
          helperText={over ? t('pay.over', { amount: f.money(bill.debt) }) : tried && !amount ? t('form.required') : t('pay.allocation')}
          name="payAmount"
        />
        <Button size="small" sx={{ justifySelf: 'start' }} onClick={() => setAmount(bill.debt)}>
          {t('pay.all')}
        </Button>
        <FundSource
          value={source}
          onChange={setSource}
          memberId={bill.memberId}
          direction="in"
          error={tried && savingMissing ? t('source.savingRequired') : null}
        />
        <TextField label={t('form.description')} value={description} onChange={(e) => setDescription(e.target.value)} />
        {pay.isError && <Alert severity="error">{errorMessage(pay.error)}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:common.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={pay.isPending} data-testid="pay-submit">
          {t('pay.submit')}
        </Button>
      </DialogActions>
      {dialog}
    </Dialog>
  );
}
