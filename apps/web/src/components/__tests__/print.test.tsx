/**
 * The shared paper of the report print layouts (ledger and saving reports):
 * the heading (cooperative, title, period), the area's own toolbar words,
 * the note above the body, the footer (printed by, cooperative), the tab's
 * title, A4 portrait or landscape, a spinner until loaded and the error's
 * message when it failed, and window.print called once the report has
 * loaded (never for `?preview=1`, never before it loaded).
 */
import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../lib/auth/AuthProvider';
import { i18n } from '../../lib/i18n';
import { user } from '../../test/fixtures';
import { ok, renderWithProviders, stubFetch } from '../../test/render';
import { type PrintLabels, PrintLayout, type PrintLayoutProps } from '../print/PrintLayout';

beforeAll(async () => {
  await i18n.changeLanguage('id');
  await i18n.loadNamespaces(['common']);
});

function Signed({ children }: { children: ReactNode }) {
  return useAuth().user ? children : null;
}

const labels: PrintLabels = { print: 'Cetak sekarang', close: 'Tutup', printedBy: ({ name, at }) => `Dicetak oleh ${name} pada ${at}` };
const loaded = { data: { rows: 1 }, isError: false, error: null };

const print = vi.fn();
beforeEach(() => {
  Cookies.set('csrf_token', 't');
  print.mockReset();
  window.print = print;
  document.title = '';
  stubFetch((url) => (url.pathname === '/api/users/detail' ? { body: ok(user()) } : { status: 404 }));
});

function open(props: Partial<PrintLayoutProps> = {}, path = '/reports/x/print') {
  return renderWithProviders(
    <Signed>
      <PrintLayout title="Neraca" period="Per 30 November 2026" query={loaded} labels={labels} {...props}>
        <table data-testid="body">
          <tbody>
            <tr>
              <td>isi</td>
            </tr>
          </tbody>
        </table>
      </PrintLayout>
    </Signed>,
    { auth: true, path },
  );
}

const pageRule = () =>
  [...document.querySelectorAll('style')]
    .map((s) => s.textContent ?? '')
    .join('\n')
    .match(/@page\{[^}]*\}/)?.[0];

describe('print layout', () => {
  it('shows the heading, the body with its note, the footer and the tab title, and prints once loaded', async () => {
    open({ note: 'Hanya 1.000 baris pertama' });
    await screen.findByTestId('print-page', {}, { timeout: 8000 });
    expect(screen.getByTestId('print-cooperative')).toHaveTextContent('Koperasi Demo Sejahtera');
    expect(screen.getByTestId('print-title')).toHaveTextContent('Neraca');
    expect(screen.getByTestId('print-period')).toHaveTextContent('Per 30 November 2026');
    expect(screen.getByTestId('body')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Hanya 1.000 baris pertama');
    expect(screen.getByRole('button', { name: 'Cetak sekarang' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Tutup' })).toBeInTheDocument();
    const footer = screen.getByTestId('print-page').querySelector('footer');
    expect(footer).toHaveTextContent(/^Dicetak oleh Admin Demo pada .+Koperasi Demo Sejahtera$/);
    // The title is set in a passive effect, which React may run after the paper is in the DOM.
    await waitFor(() => expect(document.title).toBe('Neraca · Koperasi Demo Sejahtera'));
    expect(pageRule()).toMatch(/size:A4;/);
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 500));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('prints a wide report on A4 landscape', async () => {
    open({ landscape: true });
    await screen.findByTestId('print-page', {}, { timeout: 8000 });
    expect(pageRule()).toMatch(/size:A4 landscape;/);
  });

  it('does not print a preview', async () => {
    open({}, '/reports/x/print?preview=1');
    await screen.findByTestId('print-page', {}, { timeout: 8000 });
    await new Promise((r) => setTimeout(r, 600));
    expect(print).not.toHaveBeenCalled();
  });

  it('waits with a spinner and a disabled print button until loaded, and prints nothing', async () => {
    open({ query: { data: undefined, isError: false, error: null } });
    await screen.findByTestId('print-page', {}, { timeout: 8000 });
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByTestId('body')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cetak sekarang' })).toBeDisabled();
    await new Promise((r) => setTimeout(r, 600));
    expect(print).not.toHaveBeenCalled();
  });

  it("shows the error's message when the report failed", async () => {
    open({ query: { data: undefined, isError: true, error: new Error('Akun tidak ditemukan') } });
    await screen.findByTestId('print-page', {}, { timeout: 8000 });
    expect(screen.getByRole('alert')).toHaveTextContent('Akun tidak ditemukan');
    expect(screen.queryByTestId('body')).toBeNull();
    expect(screen.getByTestId('print-page').querySelector('footer')).toHaveTextContent('Dicetak oleh Admin Demo');
  });
});
