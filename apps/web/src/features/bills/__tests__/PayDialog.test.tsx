/**
 * The bill payment dialog in the DOM: an amount above what the bill owes is
 * warned about and never sent; a payment asks for confirmation, shows the
 * server's refusal in the dialog and is sent again with the same
 * Idempotency-Key; a payment from savings needs the member's account.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { loadFullCatalog } from '../../../lib/i18n/messages';
import { user } from '../../../test/fixtures';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import { Signed } from '../../../test/signed';
import type { BillDetailView } from '../api/types';
import { PayDialog } from '../components/PayDialog';

beforeAll(async () => {
  await i18n.loadNamespaces(['bills']);
  await loadFullCatalog();
});
beforeEach(() => {
  Cookies.set('csrf_token', 't');
});

const teller = user({
  role: { id: 'r2', name: 'TELLER', code: 'TELLER' },
  permissions: { member_transaction: { view: true, add: true, update: false, delete: false } },
});
const CASH = [{ id: 'coa-10101', code: '10101', name: 'Kas Besar', balance: 20_000_000, isActive: true, systemKey: 'CASH_MAIN' }];

const bill: BillDetailView = {
  id: 'b1',
  billNumber: 'TG-001.000001',
  name: 'Iuran air bersih',
  billType: 'FIXED_BILL',
  status: 'RUNNING',
  date: '2026-11-27',
  amount: 450_000,
  perBillAmount: 150_000,
  adminFee: 5_000,
  installments: 3,
  paid: 0,
  deducted: 0,
  writtenOff: 0,
  debt: 455_000,
  memberId: 'm1',
  memberName: 'Siti Aminah',
  cifNumber: '2026000001',
  productId: 'p1',
  productName: 'Iuran Air',
  approvedDate: '2026-11-27',
  decisionReason: null,
  stoppedDate: null,
  stopReason: null,
  paidOffDate: null,
  description: null,
  createdDate: '2026-11-27T03:00:00Z',
  schedule: [],
};

function setup(answers: Array<{ status: number; body: unknown }>) {
  const sent: Array<{ key: string | null; body: Record<string, unknown> }> = [];
  stubFetch((url, init) => {
    if (url.pathname === '/api/users/detail') return { body: ok(teller) };
    if (url.pathname === '/api/coa/101/search-by-parent') return { body: ok(CASH) };
    if (url.pathname === '/api/coa/assign-to-me') return { body: ok({ content: [], page: 0, limit: 10, totalElements: 0, totalPages: 0 }) };
    if (url.pathname === '/api/member/m1/saving-product') return { body: ok({ accounts: [] }) };
    if (init.method === 'POST' && url.pathname === '/api/transaction/product/bill/payment-open-amount') {
      sent.push({ key: new Headers(init.headers).get('Idempotency-Key'), body: JSON.parse(String(init.body)) });
      const a = answers[Math.min(sent.length - 1, answers.length - 1)]!;
      return { status: a.status, body: a.body };
    }
    return { status: 404, body: { status: false, code: 404, message: 'Tidak ditemukan', data: null } };
  });
  renderWithProviders(
    <Signed>
      <PayDialog bill={bill} open onClose={() => undefined} />
    </Signed>,
    { auth: true },
  );
  return { sent };
}

describe('bill payment dialog', () => {
  it('warns above what the bill owes and sends nothing', async () => {
    const u = userEvent.setup({ delay: null });
    const { sent } = setup([]);
    const dialog = await screen.findByTestId('pay-dialog');
    await u.type(within(dialog).getByLabelText('Nominal bayar'), '455001');
    expect(await within(dialog).findByText('Melebihi sisa tagihan (Rp 455.000)')).toBeTruthy();
    await u.click(within(dialog).getByTestId('pay-submit'));
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('confirms, shows the refusal and sends again with the same key', async () => {
    const u = userEvent.setup({ delay: null });
    const { sent } = setup([
      { status: 422, body: { status: false, code: 422, errorCode: 'ACCOUNT_CLOSED', message: 'Kas Besar tidak aktif', data: null } },
      { status: 200, body: ok({ payment: { id: 'p1' }, bill }, 'Pembayaran tagihan berhasil') },
    ]);
    const dialog = await screen.findByTestId('pay-dialog');
    await u.type(within(dialog).getByLabelText('Nominal bayar'), '200000');
    await waitFor(() => expect(within(dialog).getByTestId('pay-submit')).toBeTruthy());
    await u.click(within(dialog).getByTestId('pay-submit'));
    expect((await screen.findByTestId('confirm-dialog')).textContent?.replace(/\s+/g, ' ')).toContain(
      'Rp 200.000 untuk tagihan TG-001.000001 a.n. Siti Aminah',
    );
    await u.click(screen.getByTestId('confirm-ok'));
    expect(await within(dialog).findByText('Kas Besar tidak aktif')).toBeTruthy();
    await u.click(within(dialog).getByTestId('pay-submit'));
    await u.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]!.body).toMatchObject({ billId: 'b1', amount: 200_000, source: 'CASH', coaId: 'coa-10101' });
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });
});
