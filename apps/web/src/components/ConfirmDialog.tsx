/**
 * Confirmation before an irreversible action (cancel a journal, close a
 * saving, exit a member). While `onConfirm` runs the button waits; with
 * `requireText` the user must type the given word first.
 *
 *   const { confirm, dialog } = useConfirm();
 *   if (await confirm({ title, message, destructive: true })) ...
 *   return <>{dialog}...</>
 */
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { alpha } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmOptions {
  title: string;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button and a warning icon. */
  destructive?: boolean;
  /** The user must type this text before confirming. */
  requireText?: string;
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  onClose: () => void;
  /** May return a promise; the dialog closes when it resolves and stays open when it rejects. */
  onConfirm: () => void | Promise<void>;
}

export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  message,
  confirmLabel,
  cancelLabel,
  destructive,
  requireText,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [typed, setTyped] = useState('');
  const blocked = Boolean(requireText) && typed.trim() !== requireText;
  const run = async () => {
    setBusy(true);
    try {
      await onConfirm();
      setTyped('');
      onClose();
    } catch {
      // The caller reported the error; keep the dialog so the user can retry or cancel.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={(_e, reason) => {
        if (!busy && reason !== 'backdropClick') onClose();
      }}
      maxWidth="xs"
      fullWidth
      aria-labelledby="confirm-title"
      data-testid="confirm-dialog"
    >
      <DialogTitle id="confirm-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        {destructive && (
          <Box
            sx={(th) => ({
              width: 36,
              height: 36,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              color: 'error.main',
              bgcolor: alpha(th.palette.error.main, 0.12),
              flexShrink: 0,
            })}
          >
            <WarningAmberRounded fontSize="small" />
          </Box>
        )}
        {title}
      </DialogTitle>
      <DialogContent>
        {message && (
          <Typography sx={{ color: 'text.secondary' }} component="div">
            {message}
          </Typography>
        )}
        {requireText && (
          <TextField
            sx={{ mt: 2 }}
            autoFocus
            label={t('confirm.typeToConfirm', { text: requireText })}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          onClick={run}
          loading={busy}
          disabled={blocked}
          data-testid="confirm-ok"
        >
          {confirmLabel ?? t('common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Promise-style confirmation: `await confirm({...})` is true when the user confirmed. */
export function useConfirm() {
  const [opts, setOpts] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const confirm = useCallback((o: ConfirmOptions) => {
    setOpts(o);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const settle = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOpts(null);
  };
  const dialog = opts ? <ConfirmDialog open {...opts} onClose={() => settle(false)} onConfirm={() => settle(true)} /> : null;
  return { confirm, dialog };
}
