/**
 * The data grid's own texts (pagination, "no rows", menus) in the user's language: every DataGrid of the app takes
 * `localeText` from here. A grid given only its own texts fell back to English ("Rows per page", "1–10 of 999") on an
 * Indonesian screen (the interest simulation).
 */
import type { GridLocaleText } from '@mui/x-data-grid';
import { arSD, enUS, esES, frFR, idID, itIT, zhCN } from '@mui/x-data-grid/locales';

const GRID_LOCALES = { id: idID, en: enUS, zh: zhCN, ar: arSD, it: itIT, es: esES, fr: frFR } as const;

/** The grid texts of a language (English for one the grid does not know). */
export function gridLocaleText(language: string): Partial<GridLocaleText> {
  return (GRID_LOCALES[language as keyof typeof GRID_LOCALES] ?? enUS).components.MuiDataGrid.defaultProps.localeText;
}
