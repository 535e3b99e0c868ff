/**
 * The manual journal form with its line editor in the DOM: running totals and
 * difference, the submit refused with the spec's mismatch message while the
 * totals differ, Enter adding a balancing line and moving the cursor to its
 * account, per-line errors, and the request sent once balanced.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { loadFullCatalog } from '../../../lib/i18n/messages';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import JournalCreatePage from '../pages/JournalCreatePage';

const ACCOUNTS = [
  { id: 'a-10101', code: '10101', name: 'Kas Besar', type: 'ASSET', isPostable: true, isActive: true, level: 2 },
  { id: 'a-10104', code: '10104', name: 'Bank BRI', type: 'ASSET', isPostable: true, isActive: true, level: 2 },
  { id: 'a-40301', code: '40301', name: 'Pendapatan Jasa Giro', type: 'INCOME', isPostable: true, isActive: true, level: 2 },
  { id: 'a-50201', code: '50201', name: 'Beban Gaji', type: 'EXPENSE', isPostable: true, isActive: true, level: 2 },
];

beforeAll(async () => {
  await i18n.loadNamespaces(['ledger']);
  await loadFullCatalog();
});

function setup() {
  const posted: Array<{ body: unknown; key: string | null }> = [];
  stubFetch((url, init) => {
    if (url.pathname === '/api/coa') return { body: ok(ACCOUNTS) };
    if (url.pathname === '/api/journal-manual' && init.method === 'POST') {
      posted.push({ body: JSON.parse(String(init.body)), key: new Headers(init.headers).get('Idempotency-Key') });
      return { body: ok({ id: 'j-1', number: 'JU/2026/000001' }, 'Jurnal berhasil disimpan') };
    }
    return { status: 404, body: { status: false, code: 404, message: 'Tidak ditemukan', data: null } };
  });
  renderWithProviders(
    <Routes>
      <Route path="/journal/general/new" element={<JournalCreatePage kind="general" />} />
      <Route path="/journal/general/:id" element={<div data-testid="detail-page">detail</div>} />
    </Routes>,
    { path: '/journal/general/new' },
  );
  return posted;
}

async function pickAccount(user: ReturnType<typeof userEvent.setup>, row: number, search: string) {
  const input = screen.getByTestId(`line-${row}-account`);
  await user.click(input);
  await user.type(input, search);
  await screen.findByRole('listbox');
  await user.keyboard('{Enter}');
}

const amountInput = (row: number, side: 'debit' | 'credit') =>
  document.querySelector<HTMLInputElement>(`input[name="lines.${row}.${side}"]`)!;

describe('journal line editor', () => {
  it('shows running totals, refuses an unbalanced journal, adds a balancing line on Enter, then posts', async () => {
    const user = userEvent.setup({ delay: null });
    const posted = setup();
    await screen.findByTestId('line-editor');
    const submit = screen.getByTestId('journal-submit');
    expect(submit).toBeDisabled();
    expect(screen.getByTestId('total-debit')).toHaveTextContent('Rp 0');

    await user.click(document.querySelector('input[name="description"]')!);
    await user.paste('Setoran modal tambahan');
    await pickAccount(user, 0, 'kas besar');
    expect(screen.getByTestId('line-0-account')).toHaveValue('10101 · Kas Besar');
    await user.type(amountInput(0, 'debit'), '1500000');
    await pickAccount(user, 1, '403');
    await user.type(amountInput(1, 'credit'), '1000000');

    // Totals and difference are live; the submit is refused with the catalogue's mismatch message.
    expect(screen.getByTestId('total-debit')).toHaveTextContent('Rp 1.500.000');
    expect(screen.getByTestId('total-credit')).toHaveTextContent('Rp 1.000.000');
    expect(screen.getByTestId('total-difference')).toHaveTextContent('Rp 500.000');
    expect(screen.getByTestId('guard-message')).toHaveTextContent(
      'Total debit (Rp 1.500.000) harus sama dengan total kredit (Rp 1.000.000)',
    );
    expect(submit).toBeDisabled();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(posted).toHaveLength(0);

    // Enter in a line adds a line below it, pre-filled with the credit that balances, cursor on its account.
    await user.click(amountInput(1, 'credit'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('line-2-account')).toHaveFocus());
    expect(amountInput(2, 'credit')).toHaveValue('500.000');
    expect(screen.getByTestId('total-difference')).toHaveTextContent('Rp 0');
    // Balanced, but the new line still needs its account: the bar says so before any click.
    expect(screen.getByTestId('guard-message')).toHaveTextContent('Semua akun COA wajib dipilih');

    // Balanced but one line has no account: the guard lets the click through, the line says what is missing.
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(within(screen.getByTestId('line-2')).getByText('Semua akun COA wajib dipilih')).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    await pickAccount(user, 2, '10104');
    expect(screen.getByTestId('balance-state')).toHaveTextContent('Seimbang: total debit sama dengan total kredit');
    await user.click(submit);
    await screen.findByTestId('detail-page');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(posted[0]!.body).toEqual({
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      description: 'Setoran modal tambahan',
      referenceCode: null,
      lines: [
        { coaId: 'a-10101', debit: 1_500_000, credit: null, description: null },
        { coaId: 'a-40301', debit: null, credit: 1_000_000, description: null },
        { coaId: 'a-10104', debit: null, credit: 500_000, description: null },
      ],
    });
  }, 90_000);

  it('keeps one side per line and removes lines', async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    await screen.findByTestId('line-editor');
    await user.type(amountInput(0, 'debit'), '2500');
    await user.type(amountInput(0, 'credit'), '2500');
    expect(amountInput(0, 'debit')).toHaveValue('');
    expect(amountInput(0, 'credit')).toHaveValue('2.500');
    await user.click(screen.getByTestId('add-line'));
    expect(screen.getByTestId('line-2')).toBeInTheDocument();
    expect(amountInput(2, 'debit')).toHaveValue('2.500');
    await user.click(screen.getByTestId('line-2-remove'));
    expect(screen.queryByTestId('line-2')).not.toBeInTheDocument();
    // One line left with an amount: the guard names the first thing missing.
    expect(screen.getByTestId('guard-message')).toHaveTextContent('Jurnal minimal terdiri dari 2 baris');
  }, 60_000);
});
