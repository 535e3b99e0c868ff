/**
 * A period's two date fields side by side (from, to: each required, `to` not before `from`), 220 px each, as the
 * interest release, consolidation and simulation screens ask for their period. Labels come from the caller's texts.
 */
import Box from '@mui/material/Box';
import { DateField } from './DateField';

export interface DateRangeFieldsProps {
  from: string | null;
  to: string | null;
  onFrom: (v: string | null) => void;
  onTo: (v: string | null) => void;
  /** The latest `from` allowed (e.g. today). */
  max?: string;
  labels: { from: string; to: string; required: string };
}

export function DateRangeFields({ from, to, onFrom, onTo, max, labels }: DateRangeFieldsProps) {
  return (
    <>
      <Box sx={{ width: 220 }}>
        <DateField
          label={labels.from}
          value={from}
          onChange={onFrom}
          max={max}
          error={!from}
          helperText={!from ? labels.required : undefined}
        />
      </Box>
      <Box sx={{ width: 220 }}>
        <DateField
          label={labels.to}
          value={to}
          onChange={onTo}
          min={from ?? undefined}
          error={!to}
          helperText={!to ? labels.required : undefined}
        />
      </Box>
    </>
  );
}
