/**
 * The three steps of every money form (savings teller forms, loan release,
 * payment, restructure, fine waiver, cancellations): the form, the
 * confirmation (what will be posted), then the result (with "Cetak bukti"
 * when the feature passes its receipt buttons). A refusal from the server is
 * shown in the dialog with its own message. Only an answer that may change
 * when sent again (no answer, a time-out, a 5xx, a request still in
 * progress) offers "Kirim ulang" with the same Idempotency-Key (the form's
 * `useSubmissionKeys`, lib/submission.ts); a business refusal (4xx) is
 * definitive: the user goes back and changes it. Enter continues and posts;
 * Esc goes back. Texts: `common:posting.*`.
 */
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import HourglassTopRounded from '@mui/icons-material/HourglassTopRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api/errors';
import { errorMessage } from '../lib/notify';
import { Facts, type MaybeFact } from './Facts';

export type Step = 'form' | 'confirm' | 'done';

/** May the same request get another answer when sent again? Network failures, time-outs, 5xx and an in-flight duplicate do. */
export function isRetryable(e: unknown): boolean {
  if (!isApiError(e)) return true;
  if (e.kind === 'network' || e.kind === 'timeout' || e.status === 0 || e.status >= 500) return true;
  return e.errorCode === 'IDEMPOTENCY_IN_PROGRESS';
}

/** State of one posting form: its step, the server's refusal, the answer. */
export function usePosting<R>() {
  const [step, setStep] = useState<Step>('form');
  const [error, setError] = useState<string | null>(null);
  const [retryable, setRetryable] = useState(false);
  const [result, setResult] = useState<R | null>(null);
  const [busy, setBusy] = useState(false);
  return {
    step,
    error,
    /** The last refusal may be sent again ("Kirim ulang"); false for a definitive (4xx) refusal. */
    retryable,
    result,
    busy,
    toConfirm: () => {
      setError(null);
      setStep('confirm');
    },
    back: () => {
      setError(null);
      setStep('form');
    },
    /** Send; a refusal stays on the confirmation with its message (the teller may go back or try again). */
    run: async (send: () => Promise<R>) => {
      setBusy(true);
      setError(null);
      try {
        const r = await send();
        setResult(r);
        setStep('done');
        return r;
      } catch (e) {
        setError(errorMessage(e));
        setRetryable(isRetryable(e));
        return null;
      } finally {
        setBusy(false);
      }
    },
    reset: () => {
      setStep('form');
      setError(null);
      setResult(null);
    },
  };
}

export function PostingDialog({
  open,
  onClose,
  title,
  testId,
  step,
  busy,
  error,
  errorRetryable = true,
  header,
  form,
  summary,
  summaryNote,
  done,
  onContinue,
  onConfirm,
  onBack,
  continueLabel,
  confirmLabel,
  continueDisabled,
  confirmDisabled,
  destructive,
  maxWidth = 'sm',
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  step: Step;
  busy: boolean;
  error: string | null;
  /** The refusal may be sent again (network, 5xx); a definitive refusal disables posting instead of offering "Kirim ulang". */
  errorRetryable?: boolean;
  header?: ReactNode;
  form: ReactNode;
  summary: MaybeFact[];
  summaryNote?: ReactNode;
  done: ReactNode;
  /** Validate the form and go to the confirmation. */
  onContinue: () => void;
  onConfirm: () => void;
  onBack: () => void;
  continueLabel?: string;
  confirmLabel?: string;
  continueDisabled?: boolean;
  /** Posting is not possible as it stands (the reason is shown in `summaryNote`). */
  confirmDisabled?: boolean;
  destructive?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md';
}) {
  const { t } = useTranslation('common');
  const refused = Boolean(error) && !errorRetryable;
  const cannotPost = confirmDisabled || refused;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (step === 'form') onContinue();
    else if (step === 'confirm' && !busy && !cannotPost) onConfirm();
  };
  return (
    <Dialog
      open={open}
      onClose={(_e, reason) => {
        if (busy || reason === 'backdropClick') return;
        if (step === 'confirm') onBack();
        else onClose();
      }}
      maxWidth={maxWidth}
      fullWidth
      data-testid={testId}
      aria-labelledby={`${testId}-title`}
    >
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={`${testId}-title`} sx={{ pb: 1 }}>
          {title}
          {step === 'confirm' && (
            <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>{t('posting.confirmHint')}</Typography>
          )}
        </DialogTitle>
        <DialogContent>
          {step === 'form' && header}
          {step === 'form' && <Box sx={{ display: 'grid', gap: 2.5, pt: 0.5 }}>{form}</Box>}
          {step === 'confirm' && (
            <Box data-testid="posting-summary">
              <Facts items={summary} />
              {summaryNote && <Box sx={{ mt: 2 }}>{summaryNote}</Box>}
            </Box>
          )}
          {step === 'done' && done}
          {error && step !== 'done' && (
            <Alert severity="error" sx={{ mt: 2.5 }} data-testid="posting-error">
              {error}
            </Alert>
          )}
        </DialogContent>
        <Divider />
        <DialogActions sx={{ px: 3, py: 2 }}>
          {step === 'form' && (
            <>
              <Button onClick={onClose} color="inherit">
                {t('common:common.cancel')}
              </Button>
              <Button type="submit" variant="contained" disabled={continueDisabled} data-testid="posting-continue">
                {continueLabel ?? t('posting.continue')}
              </Button>
            </>
          )}
          {step === 'confirm' && (
            <>
              <Button onClick={onBack} color="inherit" disabled={busy} startIcon={<ArrowBackRounded />} data-testid="posting-back">
                {t('posting.back')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                color={destructive ? 'error' : 'primary'}
                loading={busy}
                disabled={cannotPost}
                autoFocus={!cannotPost}
                data-testid="posting-confirm"
              >
                {error && errorRetryable ? t('posting.retry') : (confirmLabel ?? t('posting.confirm'))}
              </Button>
            </>
          )}
          {step === 'done' && (
            <Button onClick={onClose} variant="contained" autoFocus data-testid="posting-close">
              {t('posting.finish')}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The result: posted (with its code, the balance after and "Cetak bukti"), or waiting for a supervisor's approval. */
export function DoneView({
  title,
  lines,
  receipt,
  waiting,
  children,
}: {
  title: string;
  lines?: MaybeFact[];
  /** The feature's receipt buttons ("Cetak bukti"), offered under the result. */
  receipt?: ReactNode;
  waiting?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ textAlign: 'center', pt: 1 }} data-testid={waiting ? 'posting-waiting' : 'posting-done'}>
      {waiting ? (
        <HourglassTopRounded sx={{ fontSize: 52, color: 'warning.main' }} />
      ) : (
        <CheckCircleRounded sx={{ fontSize: 52, color: 'success.main' }} />
      )}
      <Typography variant="h6" sx={{ fontWeight: 600, mt: 0.5, mb: 2 }}>
        {title}
      </Typography>
      {lines && (
        <Box sx={{ textAlign: 'start', maxWidth: 420, mx: 'auto', mb: 2.5 }}>
          <Facts items={lines} />
        </Box>
      )}
      {children}
      {receipt && (
        <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1 }}>
          <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>{t('posting.receiptOffer')}</Typography>
          {receipt}
        </Box>
      )}
    </Box>
  );
}
