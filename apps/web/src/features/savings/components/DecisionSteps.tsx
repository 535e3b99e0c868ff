/**
 * The approve / reject steps of a dialog that decides on something waiting
 * for approval (an online cash-out, a withdrawal above a teller's limit, an
 * account opening): from the view, "Tolak" asks for a required reason and
 * "Setujui" shows the dialog's own approval step; the confirm button sends
 * the decision, "Kembali" returns to the view; the server's refusal stays in
 * the dialog: a refusal that may change when sent again (network, 5xx)
 * turns the confirm button into "Kirim ulang"; a definitive one (4xx)
 * disables it until the teller changes the step.
 *
 *   const steps = useDecisionSteps(async (status, reason) => { await decide(...); setDone(status); });
 *   <DialogContent>... <DecisionStep steps={steps} approve={<Alert>...</Alert>} /></DialogContent>
 *   <DecisionActions steps={steps} canDecide={canDecide} done={!!done} pending={mutation.isPending}
 *     confirmApprove={t('online.confirmApprove')} onClose={onClose} />
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRetryable } from '../../../components/Posting';
import { useMessageText } from '../../../lib/i18n/messages';
import { errorMessage } from '../../../lib/notify';

export type DecisionStatus = 'APPROVED' | 'REJECTED';
type Mode = 'view' | 'approve' | 'reject';

export interface DecisionSteps {
  mode: Mode;
  setMode(mode: Mode): void;
  reason: string;
  setReason(reason: string): void;
  /** A rejection was tried without a reason. */
  touched: boolean;
  /** The server's refusal of the last try. */
  error: string | null;
  /** The refusal may be sent again (network, 5xx); false for a definitive (4xx) refusal. */
  retryable: boolean;
  /** Send the current step's decision (a rejection needs a reason). */
  confirm(): Promise<void>;
}

/** `send` gets the decision and the trimmed reason; what it throws is shown as the refusal. */
export function useDecisionSteps(send: (status: DecisionStatus, reason: string) => Promise<void>): DecisionSteps {
  const [mode, setMode] = useState<Mode>('view');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [retryable, setRetryable] = useState(false);
  const confirm = async () => {
    const status: DecisionStatus = mode === 'reject' ? 'REJECTED' : 'APPROVED';
    if (status === 'REJECTED' && !reason.trim()) {
      setTouched(true);
      return;
    }
    setError(null);
    try {
      await send(status, reason.trim());
    } catch (e) {
      setError(errorMessage(e));
      setRetryable(isRetryable(e));
    }
  };
  return {
    mode,
    setMode: (m: Mode) => {
      setError(null);
      setMode(m);
    },
    reason,
    setReason: (r: string) => {
      if (!retryable) setError(null);
      setReason(r);
    },
    touched,
    error,
    retryable,
    confirm,
  };
}

/** The step below the facts: the dialog's approval content, or the reason to reject; then the refusal. */
export function DecisionStep({ steps, approve }: { steps: DecisionSteps; approve: ReactNode }) {
  const { t } = useTranslation('savings');
  const msg = useMessageText();
  const missing = steps.touched && !steps.reason.trim();
  return (
    <>
      {steps.mode === 'approve' && (
        <>
          <Divider />
          {approve}
        </>
      )}
      {steps.mode === 'reject' && (
        <>
          <Divider />
          <TextField
            autoFocus
            required
            multiline
            minRows={2}
            label={t('online.reason')}
            value={steps.reason}
            onChange={(e) => steps.setReason(e.target.value)}
            error={missing}
            helperText={missing ? msg('saving.reason_required') : undefined}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'reject-reason' } }}
          />
        </>
      )}
      {steps.error && (
        <Alert severity="error" data-testid="posting-error">
          {steps.error}
        </Alert>
      )}
    </>
  );
}

export interface DecisionActionsProps {
  steps: DecisionSteps;
  /** The role may decide and the item still waits. */
  canDecide: boolean;
  done: boolean;
  pending: boolean;
  /** The confirm button's words on the approval step. */
  confirmApprove: string;
  onClose(): void;
}

/** Close alone (done: "Selesai"), or close / reject / approve, or back / confirm. */
export function DecisionActions({ steps, canDecide, done, pending, confirmApprove, onClose }: DecisionActionsProps) {
  const { t } = useTranslation('savings');
  const { mode } = steps;
  return (
    <DialogActions sx={{ px: 3, pb: 2.5 }}>
      {done || !canDecide ? (
        <Button onClick={onClose} variant={done ? 'contained' : 'text'} color={done ? 'primary' : 'inherit'}>
          {done ? t('common:posting.finish') : t('common:common.close')}
        </Button>
      ) : mode === 'view' ? (
        <>
          <Button onClick={onClose} color="inherit">
            {t('common:common.close')}
          </Button>
          <Button color="error" variant="outlined" onClick={() => steps.setMode('reject')} data-testid="request-reject">
            {t('online.reject')}
          </Button>
          <Button variant="contained" onClick={() => steps.setMode('approve')} data-testid="request-approve">
            {t('online.approve')}
          </Button>
        </>
      ) : (
        <>
          <Button onClick={() => steps.setMode('view')} color="inherit" disabled={pending}>
            {t('common:posting.back')}
          </Button>
          <Button
            variant="contained"
            color={mode === 'reject' ? 'error' : 'primary'}
            loading={pending}
            disabled={Boolean(steps.error) && !steps.retryable}
            onClick={steps.confirm}
            data-testid="request-confirm"
          >
            {steps.error && steps.retryable ? t('common:posting.retry') : mode === 'reject' ? t('online.confirmReject') : confirmApprove}
          </Button>
        </>
      )}
    </DialogActions>
  );
}
