/**
 * A refusal of the server shown where the user looks, not only in a toast:
 * the last-admin rule, a role or branch still in use, deleting oneself. A
 * request that failed for another reason (no answer, validation) is toasted
 * as usual.
 *
 *   const refusal = useRefusal();
 *   try { await del.mutateAsync(id) } catch (e) { refusal.report(e) }
 *   return <>{refusal.dialog}</>;
 */
import BlockRounded from '@mui/icons-material/BlockRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ErrorCode, isApiError } from '../../../lib/api/errors';
import { notifyError } from '../../../lib/notify';

interface Refusal {
  title: string;
  message: string;
  hint?: ReactNode;
}

/** Codes that deserve the dialog, with their own title and hint. */
const KNOWN: Partial<Record<ErrorCode, { title: string; hint?: string }>> = {
  LAST_ADMIN: { title: 'refusal.lastAdminTitle', hint: 'refusal.lastAdminHint' },
  ROLE_IN_USE: { title: 'refusal.inUseTitle', hint: 'refusal.roleInUseHint' },
};

export function useRefusal() {
  const { t } = useTranslation('access');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const report = useCallback(
    (e: unknown, fallbackTitle?: string) => {
      // Refusals are answers with a reason (403, 409, 422); anything else is a plain error toast.
      if (isApiError(e) && e.kind === 'server' && [403, 409, 422].includes(e.status)) {
        const known = e.errorCode ? KNOWN[e.errorCode] : undefined;
        setRefusal({
          title: known ? t(known.title) : (fallbackTitle ?? t('refusal.title')),
          message: e.message,
          hint: known?.hint ? t(known.hint) : undefined,
        });
        return;
      }
      notifyError(e);
    },
    [t],
  );
  const dialog = (
    <Dialog open={Boolean(refusal)} onClose={() => setRefusal(null)} maxWidth="xs" fullWidth data-testid="refusal-dialog">
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
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
          <BlockRounded fontSize="small" />
        </Box>
        {refusal?.title}
      </DialogTitle>
      <DialogContent>
        <Alert severity="error" icon={false} data-testid="refusal-message">
          {refusal?.message}
        </Alert>
        {refusal?.hint && <Typography sx={{ mt: 2, color: 'text.secondary', fontSize: '0.875rem' }}>{refusal.hint}</Typography>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="contained" onClick={() => setRefusal(null)} autoFocus>
          {t('common:common.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { report, dialog };
}
