/**
 * Confirmation of an irreversible bill action that needs a reason (reject,
 * stop, cancel a payment, delete an installment): the reason, the server's
 * refusal in place, Enter confirms.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function ReasonDialog({
  open,
  title,
  message,
  confirmLabel,
  onClose,
  onConfirm,
  pending,
  error,
  testId,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onClose: () => void;
  onConfirm: (reason: string) => void;
  pending?: boolean;
  error?: string | null;
  testId?: string;
}) {
  const { t } = useTranslation('bills');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const go = () => {
    setTried(true);
    if (reason.trim()) onConfirm(reason.trim());
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid={testId}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>{message}</DialogContentText>
        <TextField
          autoFocus
          label={t('dialog.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') go();
          }}
          error={tried && !reason.trim()}
          helperText={tried && !reason.trim() ? t('form.required') : undefined}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'reason' } }}
        />
        {error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:common.cancel')}</Button>
        <Button variant="contained" color="error" onClick={go} disabled={pending} data-testid="confirm-reason">
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
