/** A list toolbar's select over `[value, label]` pairs (members, products, savings history); the caller lists "all" itself. */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export function ItemsSelect({
  label,
  value,
  onChange,
  items,
  testId,
  width = 170,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  items: Array<[string, string]>;
  testId: string;
  width?: number;
}) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ width: { xs: '100%', sm: width } }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      {items.map(([v, l]) => (
        <MenuItem key={v} value={v}>
          {l}
        </MenuItem>
      ))}
    </TextField>
  );
}
