/** A confirmation that needs a written reason (reopening a month or a fiscal year). */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/i18n/messages';

export function ReasonDialog({
  title,
  message,
  confirmLabel,
  busy,
  onClose,
  onConfirm,
}: {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation(['ledger', 'common']);
  const msg = useMessageText();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = !reason.trim();
  return (
    <Dialog open onClose={() => !busy && onClose()} maxWidth="sm" fullWidth data-testid="reason-dialog">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Typography sx={{ color: 'text.secondary', mb: 2 }} component="div">
          {message}
        </Typography>
        <TextField
          label={t('cancel.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          multiline
          minRows={2}
          required
          autoFocus
          fullWidth
          error={touched && missing}
          helperText={touched && missing ? msg('ledger.reason_required') : undefined}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'reason-input' } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          color="warning"
          loading={busy}
          data-testid="reason-confirm"
          onClick={() => {
            setTouched(true);
            if (!missing) onConfirm(reason.trim());
          }}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
