/** A member found as you type (CIF, name, phone, identity number). */
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MemberHit, useMemberSearch } from '../api/deposits';

export function MemberSearch({
  value,
  onChange,
  error,
}: {
  value: MemberHit | null;
  onChange: (m: MemberHit | null) => void;
  error?: string;
}) {
  const { t } = useTranslation('deposits');
  const [q, setQ] = useState('');
  const hits = useMemberSearch(q);
  return (
    <Autocomplete<MemberHit>
      options={hits.data ?? []}
      value={value}
      loading={hits.isFetching}
      filterOptions={(x) => x}
      getOptionLabel={(m) => `${m.fullName} (${m.cifNumber})`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={(_e, v) => setQ(v)}
      onChange={(_e, v) => onChange(v)}
      noOptionsText={q.trim().length < 2 ? t('place.typeToSearch') : t('place.noMember')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('field.member')}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'member-search' } }}
        />
      )}
    />
  );
}
