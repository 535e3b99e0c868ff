/** Find a member as you type (GET member/{q}/search-member): CIF, name, phone or identity number. */
import type { MemberListItem } from '@koperasi/contracts/members';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../components/table/useServerTable';
import { useSearchMember } from '../api/searchMember';
import { MemberStatusChip, MemberTypeChip } from './MemberChips';

export function MemberPicker({
  value,
  onChange,
  label,
  filter,
  autoFocus,
}: {
  value: MemberListItem | null;
  onChange: (m: MemberListItem | null) => void;
  label?: string;
  filter?: (m: MemberListItem) => boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('members');
  const [input, setInput] = useState('');
  const q = useDebounced(input, 300);
  const search = useSearchMember(value && input === `${value.fullName} (${value.cifNumber})` ? '' : q);
  const options = (search.data ?? []).filter((m) => (filter ? filter(m) : true));
  return (
    <Autocomplete
      value={value}
      onChange={(_e, v) => onChange(v)}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      options={options}
      filterOptions={(x) => x}
      loading={search.isFetching}
      getOptionLabel={(m) => `${m.fullName} (${m.cifNumber})`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={input.trim().length < 2 ? t('picker.typeMore') : t('picker.none')}
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
                {[m.cifNumber, m.identityNumber, m.branchName].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
            <MemberTypeChip type={m.memberType} />
            <MemberStatusChip status={m.status} />
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? t('picker.label')}
          placeholder={t('picker.placeholder')}
          autoFocus={autoFocus}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'member-picker' },
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
