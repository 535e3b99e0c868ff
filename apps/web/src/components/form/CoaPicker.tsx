/**
 * Picks a COA account (a product's GL role, an SHU allocation): postable, active
 * accounts given by the caller, searched by code (prefix) or name as the user
 * types; Enter takes the highlighted one.
 */
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PostableAccount } from '../../lib/api/accounts';

type CoaOption = Pick<PostableAccount, 'id' | 'code' | 'name' | 'type'>;

export const accountLabel = (a: Pick<CoaOption, 'code' | 'name'>) => `${a.code} · ${a.name}`;

/** Code prefix, or every word of the query somewhere in the name. */
export function matchesAccount(a: Pick<CoaOption, 'code' | 'name'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  if (a.code.toLowerCase().startsWith(q)) return true;
  const label = accountLabel(a).toLowerCase();
  return q.split(/\s+/).every((w) => label.includes(w.replace(/^·$/, '')));
}

export function CoaPicker({
  options,
  value,
  onChange,
  onBlur,
  loading,
  label,
  error,
  helperText,
  disabled,
  testId,
}: {
  options: CoaOption[];
  value: string;
  onChange: (id: string) => void;
  onBlur?: () => void;
  loading?: boolean;
  label: string;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  const selected = options.find((o) => o.id === value) ?? null;
  return (
    <Autocomplete<CoaOption>
      options={options}
      value={selected}
      onChange={(_e, v) => onChange(v?.id ?? '')}
      onBlur={onBlur}
      loading={loading}
      disabled={disabled}
      autoHighlight
      fullWidth
      getOptionLabel={accountLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(opts, state) => opts.filter((o) => matchesAccount(o, state.inputValue)).slice(0, 80)}
      noOptionsText={t('coaPicker.none')}
      renderOption={(props, o) => {
        const { key: _key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={o.id} {...rest} sx={{ display: 'flex', gap: 1.5, alignItems: 'baseline' }}>
            <Typography component="span" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', color: 'text.secondary', minWidth: 60 }}>
              {o.code}
            </Typography>
            <Typography component="span" sx={{ fontSize: '0.875rem', flex: 1 }}>
              {o.name}
            </Typography>
            <Typography component="span" sx={{ fontSize: '0.6875rem', color: 'text.secondary' }}>
              {t(`coaPicker.type.${o.type}`, { defaultValue: o.type })}
            </Typography>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={t('coaPicker.placeholder')}
          error={error}
          helperText={helperText}
          slotProps={{
            ...params.slotProps,
            // Label always above: with the placeholder shown, a resting label would sit on top of it.
            inputLabel: { shrink: true },
            htmlInput: { ...params.slotProps?.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}
