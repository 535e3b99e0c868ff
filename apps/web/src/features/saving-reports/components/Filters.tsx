/**
 * The filter controls of the saving reports. Each edits one text value of
 * the address ('' = all); option lists come from the API (products for any
 * signed-in user, branches, areas and users for roles that see members; a
 * list that is not available is simply not offered).
 */
import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/dates/DateField';
import { DateRangeFields, MonthPicker } from '../../../components/dates/PeriodPicker';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFilterOptions, useSavingProducts } from '../api/filterOptions';

export function SelectFilter({
  label,
  value,
  onChange,
  options,
  allLabel,
  testId,
  width = 190,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: Array<{ value: string; label: string }>;
  allLabel: string;
  testId: string;
  width?: number;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value || '*'}
      onChange={(e) => onChange(e.target.value === '*' ? '' : e.target.value)}
      sx={{ width: { xs: '100%', sm: width } }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      <MenuItem value="*">{allLabel}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function ProductFilter({ value, onChange, kinds }: { value: string; onChange: (v: string) => void; kinds?: string[] }) {
  const { t } = useTranslation('saving-reports');
  const products = useSavingProducts();
  const options = (products.data ?? [])
    .filter((p) => !kinds || kinds.includes(p.kind))
    .map((p) => ({ value: p.id, label: `${p.code} · ${p.name}` }));
  return (
    <SelectFilter
      label={t('filter.product')}
      value={value}
      onChange={onChange}
      options={options}
      allLabel={t('filter.allProducts')}
      testId="filter-product"
      width={230}
    />
  );
}

/** Branch, area or user, from the member form options (hidden for roles without member access). */
export function OptionFilter({
  kind,
  value,
  onChange,
}: {
  kind: 'branches' | 'areas' | 'users';
  value: string;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation('saving-reports');
  const { can } = useAuth();
  const options = useFilterOptions(can('member'));
  const list = options.data?.[kind] ?? [];
  if (!list.length) return null;
  const label = { branches: t('filter.branch'), areas: t('filter.area'), users: t('filter.user') }[kind];
  const all = { branches: t('filter.allBranches'), areas: t('filter.allAreas'), users: t('filter.allUsers') }[kind];
  return (
    <SelectFilter
      label={label}
      value={value}
      onChange={onChange}
      options={list.map((o) => ({ value: o.id, label: o.name }))}
      allLabel={all}
      testId={`filter-${kind}`}
    />
  );
}

/** Search box; the report follows after a short pause in typing. */
export function SearchFilter({ value, onChange, placeholder }: { value: string; onChange: (v: string) => void; placeholder: string }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const id = setTimeout(() => onChange(text), 400);
    return () => clearTimeout(id);
  }, [text, value, onChange]);
  return (
    <TextField
      size="small"
      value={text}
      onChange={(e) => setText(e.target.value)}
      placeholder={placeholder}
      sx={{ width: { xs: '100%', sm: 260 } }}
      slotProps={{
        htmlInput: { 'aria-label': placeholder, 'data-testid': 'filter-search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchRounded fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

export function DayFilter({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <Box sx={{ width: { xs: '100%', sm: 180 } }} data-testid="filter-day">
      <DateField label={label} value={value || null} onChange={(v) => onChange(v ?? '')} />
    </Box>
  );
}

export function RangeFilter({
  start,
  end,
  onChange,
}: {
  start: string;
  end: string;
  onChange: (r: { start: string; end: string }) => void;
}) {
  return (
    <Box sx={{ width: { xs: '100%', sm: 340 } }} data-testid="filter-range">
      <DateRangeFields
        value={{ start: start || null, end: end || null }}
        onChange={(r) => onChange({ start: r.start ?? '', end: r.end ?? '' })}
      />
    </Box>
  );
}

export function MonthRangeFilter({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (r: { from: string; to: string }) => void;
}) {
  const { t } = useTranslation('saving-reports');
  return (
    <Box sx={{ display: 'flex', gap: 1.5, width: { xs: '100%', sm: 380 } }} data-testid="filter-months">
      <MonthPicker
        label={t('filter.fromMonth')}
        value={from || null}
        onChange={(v) => onChange({ from: v ?? '', to })}
        max={to || undefined}
      />
      <MonthPicker label={t('filter.toMonth')} value={to || null} onChange={(v) => onChange({ from, to: v ?? '' })} />
    </Box>
  );
}

export function ToggleFilter({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: boolean;
  onChange: (v: boolean) => void;
  testId: string;
}) {
  return (
    <FormControlLabel
      control={
        <Switch
          size="small"
          checked={value}
          onChange={(e) => onChange(e.target.checked)}
          slotProps={{ input: { 'data-testid': testId } as object }}
        />
      }
      label={<Typography sx={{ fontSize: '0.8125rem' }}>{label}</Typography>}
    />
  );
}

export function ClearFilters({ show, onClear }: { show: boolean; onClear: () => void }) {
  const { t } = useTranslation('saving-reports');
  if (!show) return null;
  return (
    <Tooltip title={t('filter.clear')}>
      <IconButton onClick={onClear} aria-label={t('filter.clear')} data-testid="filter-clear">
        <FilterAltOffOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
