/** The member a loan, bill or deposit is for: CIF, name or phone as typed (GET member/{q}/search-member, debounced), arrows and Enter to choose. */
import SearchRounded from '@mui/icons-material/SearchRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MemberHit, useSearchMember } from '../lib/api/members';
import { useDebounced } from './table/useServerTable';

export const memberLabel = (m: Pick<MemberHit, 'fullName' | 'cifNumber'>) => `${m.fullName} (${m.cifNumber})`;

export function MemberField({
  value,
  onChange,
  error,
  helperText,
  autoFocus,
  disabled,
  testId = 'member-field',
}: {
  value: MemberHit | null;
  onChange: (m: MemberHit | null) => void;
  error?: boolean;
  helperText?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  /** The input's data-testid (the browser tests find it by this). */
  testId?: string;
}) {
  const { t } = useTranslation('common');
  const [input, setInput] = useState(value ? memberLabel(value) : '');
  const q = useDebounced(input, 250);
  const search = useSearchMember(value && input === memberLabel(value) ? '' : q);

  useEffect(() => {
    if (value) setInput(memberLabel(value));
  }, [value]);

  return (
    <Autocomplete
      value={value}
      onChange={(_e, v) => onChange(v)}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      options={search.data ?? []}
      filterOptions={(x) => x}
      autoHighlight
      disabled={disabled}
      loading={search.isFetching}
      getOptionLabel={memberLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={
        input.trim().length < 2 ? t('memberField.typeMore') : search.isError ? t('common:empty.loadFailed') : t('memberField.none')
      }
      loadingText={t('common:common.loading')}
      renderOption={(props, m) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} data-testid="member-option">
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, fontSize: '0.875rem' }} noWrap>
                {m.fullName}
              </Typography>
              <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} noWrap>
                {[m.cifNumber, m.phone?.replace(/^\+62/, '0'), m.branchName].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('memberField.label')}
          placeholder={t('memberField.placeholder')}
          autoFocus={autoFocus}
          error={error}
          helperText={helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}
