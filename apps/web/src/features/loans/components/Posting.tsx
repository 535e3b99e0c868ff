/**
 * The three steps of every money dialog on a loan (release, payment,
 * restructure), as the savings teller forms walk them: the form, the
 * confirmation (what will be posted), then the result (with "Cetak bukti"
 * for a payment). A refusal from the server is shown in the dialog with its
 * own message, and the same submission can be sent again (same
 * Idempotency-Key). Enter continues and posts; Esc goes back.
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
import { errorMessage } from '../../../lib/notify';
import { Facts, type MaybeFact } from './Facts';
import { ReceiptButtons } from './ReceiptButtons';

export type Step = 'form' | 'confirm' | 'done';

/** State of one posting form: its step, the server's refusal, the answer. */
export function usePosting<R>() {
  const [step, setStep] = useState<Step>('form');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<R | null>(null);
  const [busy, setBusy] = useState(false);
  return {
    step,
    error,
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
  destructive?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md';
}) {
  const { t } = useTranslation('loans');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (step === 'form') onContinue();
    else if (step === 'confirm' && !busy) onConfirm();
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
                autoFocus
                data-testid="posting-confirm"
              >
                {error ? t('posting.retry') : (confirmLabel ?? t('posting.confirm'))}
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
  /** The payment whose receipt may be printed. */
  receipt?: { loanId: string; paymentId: string } | null;
  waiting?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('loans');
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
          <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>{t('receipt.offer')}</Typography>
          <ReceiptButtons loanId={receipt.loanId} paymentId={receipt.paymentId} />
        </Box>
      )}
    </Box>
  );
}
