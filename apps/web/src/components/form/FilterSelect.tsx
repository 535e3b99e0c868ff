/** A compact select for a list's toolbar (access, loans, bills); the value 'none' means "no filter" (spec section 5). */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';

export interface FilterOption {
  value: string;
  label: ReactNode;
}

export function FilterSelect({
  label,
  value,
  onChange,
  options,
  allLabel,
  width = 180,
  testId,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: FilterOption[];
  allLabel: string;
  width?: number;
  testId?: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ width: { xs: '100%', sm: width } }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      <MenuItem value="none">{allLabel}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
