/**
 * Account picker: searches the chart of accounts by code (prefix) or name as
 * the user types; Enter takes the highlighted account. The options are given
 * by the caller (postable active accounts for journal lines, every account for
 * the buku besar).
 */
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { matchesAccount } from '../lib/tree';
import type { CoaAccount } from '../lib/types';

export type PickerAccount = Pick<CoaAccount, 'id' | 'code' | 'name'> & Partial<Pick<CoaAccount, 'type' | 'isPostable' | 'level'>>;

const MAX_OPTIONS = 80;

export function accountLabel(a: Pick<CoaAccount, 'code' | 'name'>): string {
  return `${a.code} · ${a.name}`;
}

export interface AccountPickerProps {
  options: PickerAccount[];
  value: PickerAccount | null;
  onChange: (account: PickerAccount | null) => void;
  loading?: boolean;
  label?: string;
  placeholder?: string;
  error?: boolean;
  helperText?: string;
  size?: TextFieldProps['size'];
  inputRef?: Ref<HTMLInputElement>;
  /** aria-label when there is no visible label (line editor). */
  ariaLabel?: string;
  testId?: string;
  /** Indent options by their level (every account of the tree). */
  indent?: boolean;
  fullWidth?: boolean;
  minWidth?: number;
}

export function AccountPicker({
  options,
  value,
  onChange,
  loading,
  label,
  placeholder,
  error,
  helperText,
  size = 'small',
  inputRef,
  ariaLabel,
  testId,
  indent,
  fullWidth = true,
  minWidth,
}: AccountPickerProps) {
  const { t } = useTranslation('ledger');
  const selected = value ? (options.find((o) => o.id === value.id) ?? value) : null;
  return (
    <Autocomplete<PickerAccount>
      options={options}
      value={selected}
      onChange={(_e, v) => onChange(v)}
      loading={loading}
      autoHighlight
      fullWidth={fullWidth}
      sx={minWidth ? { minWidth } : undefined}
      getOptionLabel={accountLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(opts, state) => opts.filter((o) => matchesAccount(o, state.inputValue)).slice(0, MAX_OPTIONS)}
      noOptionsText={t('picker.noAccount')}
      loadingText={t('picker.loading')}
      slotProps={{ popper: { sx: { minWidth: 380 } } }}
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={o.id} {...rest} sx={{ display: 'flex', gap: 1.5, alignItems: 'baseline' }}>
            <Typography
              component="span"
              sx={{
                fontFamily: 'monospace',
                fontSize: '0.8125rem',
                color: 'text.secondary',
                minWidth: 64,
                pl: indent ? (o.level ?? 0) * 1.5 : 0,
              }}
            >
              {o.code}
            </Typography>
            <Typography component="span" sx={{ fontSize: '0.875rem', fontWeight: indent && o.isPostable === false ? 600 : 400, flex: 1 }}>
              {o.name}
            </Typography>
            {o.type && (
              <Typography component="span" sx={{ fontSize: '0.6875rem', color: 'text.secondary' }}>
                {t(`type.${o.type}`)}
              </Typography>
            )}
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={placeholder ?? t('picker.placeholder')}
          size={size}
          error={error}
          helperText={helperText}
          inputRef={inputRef}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps?.htmlInput, 'aria-label': ariaLabel ?? label, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}
