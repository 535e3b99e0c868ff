/**
 * Persetujuan pinjaman: approve or reject an application waiting for
 * approval (a reason is required to reject), within the approver's loan
 * approval limit (warned before sending; the server decides). The loan's
 * figures and the schedule it would have are shown first.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Facts } from '../../../components/Facts';
import { MoneyText } from '../../../components/money/MoneyText';
import { useUser } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { errorMessage } from '../../../lib/notify';
import { useSubmissionKeys } from '../../../lib/submission';
import { useDecideLoan } from '../api/decideLoan';
import type { LoanView } from '../api/types';
import { aboveLimit } from '../lib/application';

export function DecisionDialog({
  loan,
  initial = 'APPROVED',
  onClose,
}: {
  loan: LoanView;
  initial?: 'APPROVED' | 'REJECTED';
  onClose: () => void;
}) {
  const { t } = useTranslation('loans');
  const f = useFormat();
  const user = useUser();
  const keys = useSubmissionKeys();
  const decide = useDecideLoan();
  const [status, setStatus] = useState<'APPROVED' | 'REJECTED'>(initial);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reject = status === 'REJECTED';
  const overLimit = !reject && aboveLimit(loan.amount, user.limits.loanApproval);

  const send = async () => {
    setError(null);
    if (reject && !reason.trim()) return setError(t('decision.reasonRequired'));
    const body = { status, reason: reason.trim() || null };
    const ticket = keys.ticket({ id: loan.id, ...body });
    setBusy(true);
    try {
      await decide.mutateAsync({ id: loan.id, body, idempotencyKey: ticket.key });
      keys.done();
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => !busy && onClose()} maxWidth="sm" fullWidth data-testid="decision-dialog" aria-labelledby="decision-title">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void send();
        }}
      >
        <DialogTitle id="decision-title">{t('decision.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Facts
            items={[
              { label: t('loan.number'), value: `${loan.loanNumber} · ${loan.productName}` },
              { label: t('loan.member'), value: `${loan.memberName} (${loan.cifNumber})` },
              { label: t('loan.amount'), value: <MoneyText value={loan.amount} />, strong: true },
              { label: t('loan.tenor'), value: t('form.tenorValue', { count: loan.tenorInMonth }) },
              {
                label: t('loan.rate'),
                value: `${t(`method.${loan.interestMethod}`)} · ${t('terms.perMonth', { rate: f.percent(loan.interestRate) })}`,
              },
              { label: t('loan.installment'), value: <MoneyText value={loan.installmentAmount} /> },
              loan.purpose && { label: t('form.purpose'), value: loan.purpose },
            ]}
          />
          <ToggleButtonGroup
            exclusive
            size="small"
            value={status}
            onChange={(_e, v) => v && setStatus(v)}
            color={reject ? 'error' : 'primary'}
          >
            <ToggleButton value="APPROVED" data-testid="decision-approve">
              {t('decision.approve')}
            </ToggleButton>
            <ToggleButton value="REJECTED" data-testid="decision-reject">
              {t('decision.reject')}
            </ToggleButton>
          </ToggleButtonGroup>
          <TextField
            label={t('decision.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required={reject}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'decision-reason' } }}
          />
          {overLimit && (
            <Alert severity="warning" data-testid="warn-approval-limit">
              {t('decision.overLimit', { amount: f.money(user.limits.loanApproval), role: user.role.name })}
            </Alert>
          )}
          {error && (
            <Alert severity="error" data-testid="decision-error">
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} color="inherit" disabled={busy}>
            {t('common:common.cancel')}
          </Button>
          <Button type="submit" variant="contained" color={reject ? 'error' : 'primary'} loading={busy} data-testid="decision-submit">
            {reject ? t('decision.rejectConfirm') : t('decision.approveConfirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
