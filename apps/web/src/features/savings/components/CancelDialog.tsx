/**
 * Batalkan transaksi: the whole operation is reversed (both legs of a
 * transfer), with a reason, after confirmation. A refusal from the server
 * (a role that may not cancel, a closed period, a balance no longer covering
 * it) is shown in the dialog with its own message.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Facts } from '../../../components/Facts';
import { FormTextField } from '../../../components/form/fields';
import { useZodForm } from '../../../components/form/useZodForm';
import { MoneyText } from '../../../components/money/MoneyText';
import { isRetryable } from '../../../components/Posting';
import { errorMessage } from '../../../lib/notify';
import { useSubmissionKeys } from '../../../lib/submission';
import { useCancelTransaction } from '../api/cancelTransaction';
import type { CancelResult, TransactionDetail } from '../api/types';
import { reasonForm } from '../lib/forms';

export function CancelDialog({ tx, onClose, onDone }: { tx: TransactionDetail; onClose: () => void; onDone: (r: CancelResult) => void }) {
  const { t } = useTranslation('savings');
  const cancel = useCancelTransaction();
  const keys = useSubmissionKeys();
  const [error, setError] = useState<string | null>(null);
  const [retryable, setRetryable] = useState(false);
  const form = useZodForm(reasonForm, { defaultValues: { reason: '' } });
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    const body = { transactionId: tx.id, reason: v.reason };
    const ticket = keys.ticket(body);
    try {
      const env = await cancel.mutateAsync({ body, idempotencyKey: ticket.key });
      keys.done();
      onDone(env.data);
    } catch (e) {
      setError(errorMessage(e));
      setRetryable(isRetryable(e));
    }
  });
  return (
    <Dialog open onClose={() => !cancel.isPending && onClose()} maxWidth="sm" fullWidth data-testid="cancel-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('cancel.title', { code: tx.code })}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
          <Alert severity="warning">
            {tx.operation.length > 1 ? t('cancel.wholeOperation', { count: tx.operation.length }) : t('cancel.warning')}
          </Alert>
          <Box>
            <Facts
              items={tx.operation.map((o) => ({
                label: `${t(`activity.${o.activity}`, { defaultValue: o.activity })} · ${o.accountNumber ?? '-'}`,
                value: <MoneyText value={o.signedAmount} colorNegative />,
              }))}
            />
          </Box>
          <FormTextField
            control={form.control}
            name="reason"
            label={t('cancel.reason')}
            required
            autoFocus
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'cancel-reason' } }}
          />
          {error && (
            <Alert severity="error" data-testid="posting-error">
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} color="inherit" disabled={cancel.isPending}>
            {t('common:common.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" loading={cancel.isPending} data-testid="cancel-confirm">
            {error && retryable ? t('common:posting.retry') : t('cancel.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
