/** Status chips of loans and installments (the spec's loan labels). */
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { LoanStatus } from '../api/types';

const LOAN_COLORS: Record<string, ChipProps['color']> = {
  WAITING_APPROVAL: 'warning',
  APPROVED: 'info',
  REJECTED: 'error',
  RUNNING: 'primary',
  PAID_OFF: 'success',
  RELEASE_REJECTED: 'error',
};

export function LoanStatusChip({ status, size = 'small' }: { status: LoanStatus | string; size?: ChipProps['size'] }) {
  const { t } = useTranslation('loans');
  return (
    <Chip
      size={size}
      variant="outlined"
      color={LOAN_COLORS[status] ?? 'default'}
      label={t(`status.${status}`, { defaultValue: status })}
      data-testid="loan-status"
      data-status={status}
    />
  );
}

const INSTALLMENT_COLORS: Record<string, ChipProps['color']> = { PAID: 'success', PARTIAL: 'info', OVERDUE: 'error', UNPAID: 'default' };

/** Paid, partly paid or unpaid; an unpaid one past its due date reads "overdue" with its days. */
export function InstallmentStatusChip({ status: stored, daysLate }: { status: string; daysLate?: number }) {
  const { t } = useTranslation('loans');
  const status = stored !== 'PAID' && daysLate && daysLate > 0 ? 'OVERDUE' : stored;
  const late = status === 'OVERDUE' ? ` · ${t('installment.daysLate', { count: daysLate })}` : '';
  return (
    <Chip
      size="small"
      variant={status === 'PAID' ? 'filled' : 'outlined'}
      color={INSTALLMENT_COLORS[status] ?? 'default'}
      label={`${t(`installment.status.${status}`, { defaultValue: status })}${late}`}
      data-testid="installment-status"
    />
  );
}
