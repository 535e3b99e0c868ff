/** Search of the menu entries in the header (Ctrl+K or / focuses it). */
import SearchRounded from '@mui/icons-material/SearchRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type SearchEntry, useNavigationSearch } from './useNavigation';

export function NavSearch() {
  const { t } = useTranslation();
  const options = useNavigationSearch();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState<SearchEntry | null>(null);
  const [text, setText] = useState('');

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const typing = target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
      if ((e.key === 'k' && (e.ctrlKey || e.metaKey)) || (e.key === '/' && !typing)) {
        e.preventDefault();
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Autocomplete
      options={options}
      value={value}
      inputValue={text}
      onInputChange={(_e, v) => setText(v)}
      onChange={(_e, v) => {
        if (v) {
          navigate(v.path);
          setValue(null);
          setText('');
          input.current?.blur();
        }
      }}
      getOptionLabel={(o) => o.label}
      // Every typed word must appear in the entry, its group or its path ("kas ban" finds "Kas & Bank").
      filterOptions={(opts, { inputValue }) => {
        const words = inputValue.toLowerCase().split(/\s+/).filter(Boolean);
        return opts.filter((o) => {
          const hay = `${o.label} ${o.group ?? ''} ${o.path}`.toLowerCase();
          return words.every((w) => hay.includes(w));
        });
      }}
      groupBy={(o) => o.group ?? t('nav.menu')}
      isOptionEqualToValue={(a, b) => a.path === b.path}
      noOptionsText={t('shell.searchNoResult')}
      openOnFocus={false}
      blurOnSelect
      autoHighlight
      sx={{ width: { xs: '100%', sm: 300 } }}
      renderOption={({ key, ...props }, o) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography sx={{ fontSize: '0.875rem' }}>{o.label}</Typography>
            <Typography sx={{ fontSize: '0.6875rem', color: 'text.secondary' }}>{o.path}</Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={input}
          placeholder={t('shell.searchPlaceholder')}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              'aria-label': t('shell.searchPlaceholder'),
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: (
                <Box
                  component="kbd"
                  sx={{
                    display: { xs: 'none', md: 'inline-block' },
                    fontFamily: 'inherit',
                    fontSize: 11,
                    px: 0.75,
                    py: 0.1,
                    borderRadius: 1,
                    border: 1,
                    borderColor: 'divider',
                    color: 'text.secondary',
                  }}
                >
                  Ctrl K
                </Box>
              ),
            },
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'nav-search' },
          }}
          sx={{ '& .MuiOutlinedInput-root': { bgcolor: 'action.hover', '& fieldset': { borderColor: 'transparent' } } }}
        />
      )}
    />
  );
}
