/**
 * The parts of the print layout that print views other than reports use
 * (the savings passbook and receipt): PrintPaper with the area's own heading,
 * no footer, its width, table cells and test id; usePrintWhenReady (print
 * once, after the delay, never for `?preview=1`); usePrintTitle (only once
 * known); PrintButtons (print disabled until ready, the print button's test id).
 */
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { PrintButtons, type PrintCellStyle, PrintPaper, usePrintTitle, usePrintWhenReady } from '../PrintLayout';

beforeAll(async () => {
  await i18n.changeLanguage('id');
  await i18n.loadNamespaces(['common']);
});

const print = vi.fn();
beforeEach(() => {
  print.mockReset();
  window.print = print;
  document.title = '';
});

const labels = { print: 'Cetak sekarang', close: 'Tutup' };
const CELL: PrintCellStyle = { padding: '3px 5px', fontSize: '0.7rem' };
const css = () => [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function paper(data: unknown, path = '/x/print') {
  return renderWithProviders(
    <PrintPaper
      query={{ data, isError: false, error: null }}
      labels={labels}
      heading={<header data-testid="own-heading">Buku tabungan</header>}
      maxWidth={880}
      cell={CELL}
      testId="own-page"
    >
      <Table>
        <TableBody>
          <TableRow>
            <TableCell data-testid="cell">isi</TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </PrintPaper>,
    { path },
  );
}

describe('print paper', () => {
  it("shows the area's heading, its body without a footer, its cells and width, and prints once loaded", async () => {
    paper({ rows: 1 });
    const sheet = await screen.findByTestId('own-page');
    expect(screen.queryByTestId('print-page')).toBeNull();
    expect(screen.getByTestId('own-heading')).toHaveTextContent('Buku tabungan');
    expect(screen.getByTestId('cell')).toBeInTheDocument();
    expect(sheet.querySelector('footer')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cetak sekarang' })).toBeEnabled();
    expect(css()).toMatch(/padding:3px 5px;font-size:0\.7rem;/);
    expect(css()).toMatch(/max-width:880px;/);
    expect(css()).toMatch(/@page\{size:A4;/);
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    await sleep(500);
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('keeps the heading but not the body while loading, and prints nothing', async () => {
    paper(undefined);
    await screen.findByTestId('own-page');
    expect(screen.getByTestId('own-heading')).toBeInTheDocument();
    expect(screen.queryByTestId('cell')).toBeNull();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cetak sekarang' })).toBeDisabled();
    await sleep(600);
    expect(print).not.toHaveBeenCalled();
  });
});

function Hooks({ ready, title, delay }: { ready: boolean; title?: string; delay?: number }) {
  usePrintWhenReady(ready, delay);
  usePrintTitle(title);
  return <PrintButtons ready={ready} labels={labels} printTestId="own-print" />;
}

describe('print hooks and buttons', () => {
  it('print once after the delay, and the title once known', async () => {
    const view = renderWithProviders(<Hooks ready={false} delay={150} />, { path: '/x' });
    expect(screen.getByTestId('own-print')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Tutup' })).toBeEnabled();
    await sleep(300);
    expect(print).not.toHaveBeenCalled();
    expect(document.title).toBe('');
    view.rerender(<Hooks ready title="Bukti TRX1" delay={150} />);
    expect(screen.getByTestId('own-print')).toBeEnabled();
    expect(document.title).toBe('Bukti TRX1');
    await sleep(50);
    expect(print).not.toHaveBeenCalled();
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    view.rerender(<Hooks ready={false} title="Bukti TRX1" delay={150} />);
    view.rerender(<Hooks ready title="Bukti TRX1" delay={150} />);
    await sleep(300);
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('never prints a preview', async () => {
    renderWithProviders(<Hooks ready delay={50} />, { path: '/x?preview=1' });
    await sleep(300);
    expect(print).not.toHaveBeenCalled();
  });
});
