/**
 * MUI's own texts (pagination "Rows per page" and "1–10 of 25", autocomplete "No options", close and page buttons'
 * labels) in the user's language, from the `common:mui` texts of the locale files (loaded with the language, nothing
 * added to the sign-in page's scripts). Without them the components fell back to English on an Indonesian screen (the
 * loan's payment tabs, the interest simulation). AppThemeProvider puts them into the theme as default props.
 */
import type { Components, Theme } from '@mui/material/styles';
import type { TFunction } from 'i18next';

export function muiTexts(t: TFunction): Components<Omit<Theme, 'components'>> {
  return {
    MuiTablePagination: {
      defaultProps: {
        labelRowsPerPage: t('common:mui.rowsPerPage'),
        labelDisplayedRows: ({ from, to, count }) =>
          count !== -1 ? t('common:mui.displayedRows', { from, to, count }) : t('common:mui.displayedRowsMore', { from, to }),
        getItemAriaLabel: (type) => t(`common:mui.${type}Page`),
      },
    },
    MuiAutocomplete: {
      defaultProps: {
        noOptionsText: t('common:mui.noOptions'),
        loadingText: t('common:mui.loading'),
        clearText: t('common:mui.clear'),
        closeText: t('common:mui.close'),
        openText: t('common:mui.open'),
      },
    },
    MuiAlert: { defaultProps: { closeText: t('common:mui.close') } },
    MuiBreadcrumbs: { defaultProps: { expandText: t('common:mui.expand') } },
  };
}
