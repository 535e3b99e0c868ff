/** Small pieces the report tables share: rupiah, member, status chips. */
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/money/MoneyText';

export function Money({ value, strong, signed }: { value: number | null | undefined; strong?: boolean; signed?: boolean }) {
  return (
    <Box component="span" sx={{ fontWeight: strong ? 700 : undefined }}>
      <MoneyText value={value ?? null} colorNegative={signed} />
    </Box>
  );
}

export function Member({ name, cif }: { name: string; cif: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontSize: 'inherit', fontWeight: 600, lineHeight: 1.35 }}>{name}</Typography>
      <Typography sx={{ fontSize: '0.72rem', color: 'text.secondary', fontFamily: 'monospace' }}>{cif}</Typography>
    </Box>
  );
}

/** A main value with a small second line (code under a date, account under a product). */
export function TwoLine({ main, sub, mono }: { main: ReactNode; sub?: ReactNode; mono?: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontSize: 'inherit', lineHeight: 1.35 }}>{main}</Typography>
      {sub && (
        <Typography sx={{ fontSize: '0.72rem', color: 'text.secondary', fontFamily: mono ? 'monospace' : undefined, whiteSpace: 'nowrap' }}>
          {sub}
        </Typography>
      )}
    </Box>
  );
}

const chipSx = { fontWeight: 600, fontSize: '0.7rem', height: 22 } as const;

export function StatusChip({ value, group, print }: { value: string; group: 'account' | 'tx' | 'plan'; print?: boolean }) {
  const { t } = useTranslation('saving-reports');
  const label = t(`status.${group}.${value}`, { defaultValue: value });
  if (print) return <span>{label}</span>;
  const color: ChipProps['color'] =
    value === 'ACTIVE' || value === 'POSTED' || value === 'REACHED'
      ? 'success'
      : value === 'BEHIND' || value === 'CANCELLED' || value === 'REJECTED'
        ? 'error'
        : value === 'PENDING' || value === 'ON_TRACK' || value === 'REVERSAL'
          ? 'warning'
          : 'default';
  return <Chip size="small" variant="outlined" color={color} label={label} sx={chipSx} />;
}
