/** A rupiah amount for reading: `Rp 1.500.000` in Indonesian, aligned digits, optional colour for negatives. */
import Box from '@mui/material/Box';
import { type Numeric, useFormat } from '../../lib/format';

export function MoneyText({ value, colorNegative, empty }: { value: Numeric; colorNegative?: boolean; empty?: string }) {
  const f = useFormat();
  const negative = typeof value === 'number' ? value < 0 : typeof value === 'string' && value.trim().startsWith('-');
  return (
    <Box
      component="span"
      sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', color: colorNegative && negative ? 'error.main' : undefined }}
    >
      {f.money(value, { empty })}
    </Box>
  );
}
