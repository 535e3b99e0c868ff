/** Small coloured labels: active / inactive, invitation pending, built-in role. */
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

export function ActiveChip({ active, size = 'small' }: { active: boolean; size?: ChipProps['size'] }) {
  const { t } = useTranslation('access');
  return (
    <Chip
      size={size}
      variant="outlined"
      color={active ? 'success' : 'default'}
      label={active ? t('common.active') : t('common.inactive')}
      sx={{ fontWeight: 500 }}
    />
  );
}

export function TagChip({
  label,
  color = 'default',
  variant = 'filled',
}: {
  label: string;
  color?: ChipProps['color'];
  variant?: ChipProps['variant'];
}) {
  return <Chip size="small" color={color} variant={variant} label={label} sx={{ fontWeight: 500, height: 22, fontSize: '0.75rem' }} />;
}
