/** Small pieces of the business-unit screens: kind and status chips, the unit filter, the member field. */
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../components/table/useServerTable';
import { type MemberOption, useAllUnits, useMemberSearch } from '../api/businessUnits';

const KIND_COLOR: Record<string, 'success' | 'info' | 'warning' | 'error' | 'default' | 'primary'> = {
  SALE_CREDIT: 'warning',
  SALE_CASH: 'success',
  PURCHASE: 'info',
  PURCHASE_CREDIT: 'info',
  PAYABLE_PAYMENT: 'default',
  STOCK_LOSS: 'error',
  EXPENSE: 'warning',
  DEBT_PAYMENT: 'primary',
};

export function KindChip({ kind }: { kind: string }) {
  const { t } = useTranslation('business-units');
  return <Chip size="small" variant="outlined" color={KIND_COLOR[kind] ?? 'default'} label={t(`kind.${kind}`, { defaultValue: kind })} />;
}

export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation('business-units');
  const color = status === 'ACTIVE' || status === 'POSTED' ? 'success' : status === 'CANCELLED' ? 'error' : 'default';
  return <Chip size="small" variant="outlined" color={color} label={t(`status.${status}`, { defaultValue: status })} />;
}

/** "All units" or one unit (filters of the lists and reports). */
export function UnitFilter({ value, onChange, allLabel }: { value: string; onChange: (v: string) => void; allLabel?: string }) {
  const { t } = useTranslation('business-units');
  const units = useAllUnits();
  return (
    <TextField
      select
      size="small"
      label={t('field.unit')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ width: { xs: '100%', sm: 220 } }}
      slotProps={{ htmlInput: { 'data-testid': 'unit-filter' } }}
    >
      <MenuItem value="none">{allLabel ?? t('filter.allUnits')}</MenuItem>
      {(units.data ?? []).map((u) => (
        <MenuItem key={u.id} value={u.id}>
          {u.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A member found as you type (CIF, name, phone or identity number). */
export function MemberField({
  value,
  onChange,
  error,
  helperText,
}: {
  value: MemberOption | null;
  onChange: (m: MemberOption | null) => void;
  error?: boolean;
  helperText?: string;
}) {
  const { t } = useTranslation('business-units');
  const [input, setInput] = useState('');
  const q = useDebounced(input, 300);
  const label = (m: MemberOption) => `${m.fullName} (${m.cifNumber})`;
  const search = useMemberSearch(value && input === label(value) ? '' : q);
  return (
    <Autocomplete
      value={value}
      onChange={(_e, v) => onChange(v)}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      options={search.data ?? []}
      filterOptions={(x) => x}
      loading={search.isFetching}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={input.trim().length < 2 ? t('member.typeMore') : t('member.none')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('field.member')}
          error={error}
          helperText={helperText}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'unit-member' } }}
        />
      )}
    />
  );
}
