/** Status chips of a bill and of an installment. */
import type { BillStatus } from '@koperasi/contracts/bills';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const BILL_COLOR: Record<BillStatus, 'default' | 'warning' | 'success' | 'error' | 'info'> = {
  WAITING_APPROVAL: 'warning',
  REJECTED: 'error',
  RUNNING: 'info',
  PAID_OFF: 'success',
  STOPPED: 'default',
};

export function BillStatusChip({ status }: { status: BillStatus }) {
  const { t } = useTranslation('bills');
  return <Chip size="small" color={BILL_COLOR[status]} label={t(`status.${status}`)} data-testid="bill-status" />;
}

const INST_COLOR: Record<string, 'default' | 'warning' | 'success' | 'info'> = {
  OPEN: 'default',
  PARTIAL: 'warning',
  PAID: 'success',
  STOPPED: 'default',
  DELETED: 'default',
};

export function InstallmentChip({ status }: { status: string }) {
  const { t } = useTranslation('bills');
  return <Chip size="small" variant="outlined" color={INST_COLOR[status] ?? 'default'} label={t(`installmentStatus.${status}`)} />;
}
