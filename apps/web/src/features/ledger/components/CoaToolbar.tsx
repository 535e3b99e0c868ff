/** The chart's toolbar: search, type, inactive accounts shown or not, expand or collapse every header. */
import SearchRounded from '@mui/icons-material/SearchRounded';
import UnfoldLessRounded from '@mui/icons-material/UnfoldLessRounded';
import UnfoldMoreRounded from '@mui/icons-material/UnfoldMoreRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const TYPES = ['ASSET', 'LIABILITY', 'EQUITY', 'INCOME', 'EXPENSE'] as const;

export function CoaToolbar(p: {
  search: string;
  onSearch: (v: string) => void;
  type: string;
  onType: (v: string) => void;
  showInactive: boolean;
  onShowInactive: (v: boolean) => void;
  onExpandAll: () => void;
  onCollapseAll: () => void;
}) {
  const { t } = useTranslation(['ledger', 'common']);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', p: 2.5, pb: 2 }}>
      <TextField
        size="small"
        value={p.search}
        onChange={(e) => p.onSearch(e.target.value)}
        placeholder={t('coa.searchPlaceholder')}
        sx={{ width: { xs: '100%', sm: 280 } }}
        slotProps={{
          htmlInput: { 'aria-label': t('coa.searchPlaceholder'), 'data-testid': 'coa-search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRounded fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        size="small"
        label={t('col.type')}
        value={p.type}
        onChange={(e) => p.onType(e.target.value)}
        fullWidth={false}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="none">{t('filter.all')}</MenuItem>
        {TYPES.map((v) => (
          <MenuItem key={v} value={v}>
            {t(`type.${v}`)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Switch checked={p.showInactive} onChange={(e) => p.onShowInactive(e.target.checked)} size="small" />}
        label={<Typography sx={{ fontSize: '0.8125rem' }}>{t('coa.showInactive')}</Typography>}
      />
      <Box sx={{ flex: 1 }} />
      <Button size="small" color="inherit" startIcon={<UnfoldMoreRounded />} onClick={p.onExpandAll}>
        {t('coa.expandAll')}
      </Button>
      <Button size="small" color="inherit" startIcon={<UnfoldLessRounded />} onClick={p.onCollapseAll}>
        {t('coa.collapseAll')}
      </Button>
    </Box>
  );
}
