/** The status of a SHU calculation or of one member's share. */
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation('shu');
  const color =
    status === 'DISTRIBUTED' || status === 'CREDITED' || status === 'PAID'
      ? 'success'
      : status.startsWith('CANCEL') || status === 'REVERSED'
        ? 'default'
        : 'info';
  return <Chip size="small" color={color} variant="outlined" label={t(`status.${status}`)} />;
}
