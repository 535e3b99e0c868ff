import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const COLOR = { ACTIVE: 'success', MATURED: 'info', WITHDRAWN: 'default', BROKEN: 'warning' } as const;

export function StatusChip({ status }: { status: keyof typeof COLOR }) {
  const { t } = useTranslation('deposits');
  return <Chip size="small" variant="outlined" color={COLOR[status]} label={t(`status.${status}`)} data-testid="deposit-status" />;
}
