/**
 * MUI's own texts follow the user's language through the theme: a pagination without labels of its own (the loan's
 * payment tabs gave only "rows per page") showed "1–10 of 25" on an Indonesian screen.
 */

import { ThemeProvider } from '@mui/material/styles';
import TablePagination from '@mui/material/TablePagination';
import { render, screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { createAppTheme } from '../createAppTheme';
import { muiTexts } from '../muiTexts';

async function pagination(language: string) {
  await i18n.loadNamespaces('common');
  await i18n.changeLanguage(language);
  const theme = createAppTheme({ mode: 'light', primary: '#22A45D', direction: 'ltr', skin: 'default', texts: muiTexts(i18n.t) });
  return render(
    <ThemeProvider theme={theme}>
      <table>
        <tfoot>
          <tr>
            <TablePagination count={25} page={0} rowsPerPage={10} onPageChange={() => undefined} />
          </tr>
        </tfoot>
      </table>
    </ThemeProvider>,
  );
}

describe('the theme speaks the user’s language', () => {
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('Indonesian: rows per page and the range of rows (MUI’s own Indonesian leaves the range in English)', async () => {
    await pagination('id');
    expect(screen.getByText('Baris per halaman:')).toBeInTheDocument();
    expect(screen.getByText('1–10 dari 25')).toBeInTheDocument();
  });

  it('English, Chinese and Arabic when chosen', async () => {
    const en = await pagination('en');
    expect(screen.getByText('1–10 of 25')).toBeInTheDocument();
    en.unmount();
    const zh = await pagination('zh');
    expect(screen.getByText('每页行数:')).toBeInTheDocument();
    zh.unmount();
    await pagination('ar');
    expect(screen.getByText('عدد الصفوف في الصفحة:')).toBeInTheDocument();
    expect(screen.getByText('1–10 من 25')).toBeInTheDocument();
  });
});
