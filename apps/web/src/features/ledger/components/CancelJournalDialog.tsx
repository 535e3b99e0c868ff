/**
 * Cancelling a journal: the reason (required) and an optional date for the
 * reversing journal, with what will happen spelled out. Nothing is deleted:
 * the server posts the mirror journal and links the two.
 */
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/dates/DateField';
import { dayjs } from '../../../components/dates/dayjsLocale';
import { useMessageText } from '../../../lib/i18n/messages';
import { uuid } from '../../../lib/id';
import { useCancelJournal } from '../api/cancelJournal';
import type { CancelResult, JournalDetail, JournalKind } from '../lib/types';

export function CancelJournalDialog({
  journal,
  kind,
  open,
  onClose,
  onDone,
}: {
  journal: JournalDetail;
  kind: JournalKind;
  open: boolean;
  onClose: () => void;
  onDone: (r: CancelResult) => void;
}) {
  const { t } = useTranslation(['ledger', 'common']);
  const msg = useMessageText();
  const cancel = useCancelJournal(kind);
  const [reason, setReason] = useState('');
  const [date, setDate] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [key] = useState(uuid);
  const missing = !reason.trim();
  const run = () => {
    setTouched(true);
    if (missing) return;
    cancel.mutate(
      { body: { id: journal.id, reason: reason.trim(), date: date ?? undefined }, idempotencyKey: key },
      {
        onSuccess: (env) => {
          onDone(env.data);
          onClose();
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onClose={(_e, why) => {
        if (!cancel.isPending && why !== 'backdropClick') onClose();
      }}
      maxWidth="sm"
      fullWidth
      data-testid="cancel-dialog"
    >
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <WarningAmberRounded color="error" />
        {t('cancel.title', { number: journal.number })}
      </DialogTitle>
      <DialogContent>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('cancel.explain')}</Typography>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <TextField
            label={t('cancel.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            multiline
            minRows={2}
            required
            autoFocus
            error={touched && missing}
            helperText={touched && missing ? msg('ledger.reason_required') : t('cancel.reasonHint')}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'cancel-reason' } }}
          />
          <DateField
            label={t('cancel.date')}
            value={date}
            onChange={setDate}
            max={dayjs().format('YYYY-MM-DD')}
            helperText={t('cancel.dateHint')}
          />
        </Box>
        {cancel.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {cancel.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={cancel.isPending} color="inherit">
          {t('common.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={run} loading={cancel.isPending} data-testid="cancel-confirm">
          {t('cancel.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
