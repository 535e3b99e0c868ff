/**
 * The teller's member finder: CIF, name or phone as you type (GET
 * member/{q}/search-member, debounced), arrow keys and Enter to choose.
 * Press "/" anywhere on the screen to come back to it.
 */
import SearchRounded from '@mui/icons-material/SearchRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../components/table/useServerTable';
import { useSearchMember } from '../api/searchMember';
import type { MemberHit } from '../api/types';

export const memberLabel = (m: MemberHit) => `${m.fullName} (${m.cifNumber})`;

/** Local phone form of a stored +62 number, for matching what the teller types. */
export const localPhone = (p: string | null) => (p ? p.replace(/^\+62/, '0') : '');

export function MemberFinder({
  value,
  onChange,
  autoFocus,
}: {
  value: MemberHit | null;
  onChange: (m: MemberHit | null) => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('savings');
  const [input, setInput] = useState(value ? memberLabel(value) : '');
  const q = useDebounced(input, 250);
  const search = useSearchMember(value && input === memberLabel(value) ? '' : q);
  const ref = useRef<HTMLInputElement | null>(null);

  useEffect(() => {
    if (value) setInput(memberLabel(value));
  }, [value]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const typing = target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
      if (e.key === '/' && !typing && !document.querySelector('[role="dialog"]')) {
        e.preventDefault();
        ref.current?.focus();
        ref.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Autocomplete
      value={value}
      onChange={(_e, v) => onChange(v)}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      options={search.data ?? []}
      filterOptions={(x) => x}
      autoHighlight
      loading={search.isFetching}
      getOptionLabel={memberLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={input.trim().length < 2 ? t('finder.typeMore') : search.isError ? t('common:empty.loadFailed') : t('finder.none')}
      loadingText={t('common:common.loading')}
      renderOption={(props, m) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }} data-testid="member-option">
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, fontSize: '0.875rem' }} noWrap>
                {m.fullName}
              </Typography>
              <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} noWrap>
                {[m.cifNumber, localPhone(m.phone), m.branchName].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
            <Chip size="small" variant="outlined" label={t(`memberType.${m.memberType}`)} sx={{ height: 22, fontSize: '0.6875rem' }} />
            {m.status !== 'ACTIVE' && (
              <Chip size="small" color="warning" label={t(`memberStatus.${m.status}`, { defaultValue: m.status })} sx={{ height: 22 }} />
            )}
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('finder.label')}
          placeholder={t('finder.placeholder')}
          autoFocus={autoFocus}
          inputRef={(el: HTMLInputElement | null) => {
            ref.current = el;
          }}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'member-finder' },
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
