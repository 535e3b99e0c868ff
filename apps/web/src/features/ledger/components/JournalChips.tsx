/** Status and source of a journal as chips. */
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<string, ChipProps['color']> = { POSTED: 'success', CANCELLED: 'error', REVERSAL: 'warning' };

export function JournalStatusChip({ status, size = 'small' }: { status: string; size?: ChipProps['size'] }) {
  const { t } = useTranslation('ledger');
  return (
    <Chip
      size={size}
      color={STATUS_COLOR[status] ?? 'default'}
      variant={status === 'POSTED' ? 'outlined' : 'filled'}
      label={t(`status.${status}`, { defaultValue: status })}
      data-testid="journal-status"
    />
  );
}

export function SourceChip({ module, size = 'small' }: { module: string; size?: ChipProps['size'] }) {
  const { t } = useTranslation('ledger');
  return <Chip size={size} variant="outlined" label={sourceLabel(t, module)} sx={{ fontWeight: 500 }} />;
}

export function sourceLabel(t: (k: string, o?: Record<string, unknown>) => string, module: string): string {
  return t(`source.${module}`, { defaultValue: module });
}
