/**
 * Changing an unpaid installment on the bill page, in the DOM: only a user
 * who may update member transactions sees the action; nothing changed or an
 * amount of 0 is refused before sending; the confirmation shows old → new and
 * the effect on the bill's total; the server's refusal comes back on the due
 * date field and the change is sent again with the same Idempotency-Key.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { Route, Routes } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { loadFullCatalog } from '../../../lib/i18n/messages';
import { user } from '../../../test/fixtures';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import { Signed } from '../../../test/signed';
import type { BillDetailView } from '../api/types';
import BillDetailPage from '../pages/BillDetailPage';

beforeAll(async () => {
  await i18n.loadNamespaces(['bills']);
  await loadFullCatalog();
});
beforeEach(() => {
  Cookies.set('csrf_token', 't');
});

const perms = (update: boolean) => ({ member_transaction: { view: true, add: true, update, delete: false } });
const officer = user({ role: { id: 'r1', name: 'SUPER_ADMIN', code: 'SUPER_ADMIN' }, permissions: perms(true) });
const teller = user({ role: { id: 'r2', name: 'TELLER', code: 'TELLER' }, permissions: perms(false) });

const inst = (number: number, dueDate: string, status: 'OPEN' | 'PAID') => ({
  id: `i${number}`,
  number,
  dueDate,
  amount: 150_000,
  adminFee: number === 1 ? 5_000 : 0,
  amountPaid: status === 'PAID' ? 150_000 : 0,
  adminFeePaid: status === 'PAID' && number === 1 ? 5_000 : 0,
  remaining: status === 'PAID' ? 0 : 150_000,
  paidDate: null,
  status,
  notes: null,
});

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
  paid: 155_000,
  deducted: 0,
  writtenOff: 0,
  debt: 300_000,
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
  schedule: [inst(1, '2026-11-27', 'PAID'), inst(2, '2026-12-27', 'OPEN'), inst(3, '2027-01-27', 'OPEN')],
};

function setup(me: typeof officer, answers: Array<{ status: number; body: unknown }> = []) {
  const sent: Array<{ key: string | null; body: Record<string, unknown> }> = [];
  stubFetch((url, init) => {
    if (url.pathname === '/api/users/detail') return { body: ok(me) };
    if (url.pathname === '/api/transaction/product/bill/b1/detail-installment-bill-member') return { body: ok(bill) };
    if (url.pathname === '/api/transaction/product/bill/b1/mutation-payments')
      return { body: ok({ content: [], page: 0, limit: 100, totalElements: 0, totalPages: 0 }) };
    if (init.method === 'POST' && url.pathname === '/api/transaction/product/bill/update-installment') {
      sent.push({ key: new Headers(init.headers).get('Idempotency-Key'), body: JSON.parse(String(init.body)) });
      const a = answers[Math.min(sent.length - 1, answers.length - 1)]!;
      return { status: a.status, body: a.body };
    }
    return { status: 404, body: { status: false, code: 404, message: 'Tidak ditemukan', data: null } };
  });
  renderWithProviders(
    <Signed>
      <Routes>
        <Route path="/transactions/bills/:id" element={<BillDetailPage />} />
      </Routes>
    </Signed>,
    { auth: true, path: '/transactions/bills/b1' },
  );
  return { sent };
}

const flat = (el: HTMLElement) => (el.textContent ?? '').replace(/\s+/g, ' ');

describe('change a bill installment', () => {
  it('is offered on the unpaid installments to a user who may update', async () => {
    setup(officer);
    await screen.findByTestId('bill-schedule');
    await waitFor(() => expect(screen.getAllByTestId('change-installment')).toHaveLength(2));
  });

  it('is not offered without the update permission', async () => {
    setup(teller);
    await screen.findByTestId('bill-schedule');
    expect(screen.queryByTestId('change-installment')).toBeNull();
  });

  it('refuses nothing changed and an amount of 0 before sending', async () => {
    const u = userEvent.setup({ delay: null });
    const { sent } = setup(officer);
    await u.click((await screen.findAllByTestId('change-installment'))[0]!);
    const dialog = await screen.findByTestId('change-dialog');
    await u.type(within(dialog).getByTestId('change-reason'), 'Permintaan anggota');
    await u.click(within(dialog).getByTestId('change-next'));
    expect(await within(dialog).findByTestId('change-nothing')).toBeTruthy();
    await u.clear(within(dialog).getByLabelText('Nominal'));
    await u.click(within(dialog).getByTestId('change-next'));
    expect(await within(dialog).findByText('Harus lebih dari 0')).toBeTruthy();
    expect(screen.queryByTestId('change-review')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('confirms old → new, shows the refusal on the field and sends again with the same key', async () => {
    const u = userEvent.setup({ delay: null });
    const { sent } = setup(officer, [
      {
        status: 422,
        body: {
          status: false,
          code: 422,
          errorCode: 'INSTALLMENT_DATES_ORDER',
          message: 'Jatuh tempo angsuran harus berurutan',
          data: { fields: [{ field: 'installments', message: 'Jatuh tempo angsuran harus berurutan' }] },
        },
      },
      { status: 200, body: ok({ bill, journalNumber: 'JU-1' }, 'Tagihan diubah') },
    ]);
    await u.click((await screen.findAllByTestId('change-installment'))[0]!);
    const dialog = await screen.findByTestId('change-dialog');
    const amount = within(dialog).getByLabelText('Nominal');
    await u.clear(amount);
    await u.type(amount, '175000');
    await u.type(within(dialog).getByTestId('change-reason'), 'Permintaan anggota');
    await u.click(within(dialog).getByTestId('change-next'));
    const review = await within(dialog).findByTestId('change-review');
    expect(flat(review)).toContain('Rp 150.000Rp 175.000');
    expect(flat(review)).toContain('Rp 455.000Rp 480.000');
    expect(flat(review)).toContain('Sisa tagihanRp 300.000Rp 325.000');
    expect(flat(within(dialog).getByTestId('change-effect'))).toBe('Total tagihan bertambah Rp 25.000');
    await u.click(within(dialog).getByTestId('change-submit'));
    expect(await within(dialog).findByText('Jatuh tempo angsuran harus berurutan')).toBeTruthy();
    expect(within(dialog).queryByTestId('change-review')).toBeNull();
    await u.click(within(dialog).getByTestId('change-next'));
    await u.click(await within(dialog).findByTestId('change-submit'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]!.body).toEqual({ billId: 'b1', installments: [{ number: 2, amount: 175_000 }], reason: 'Permintaan anggota' });
    expect(sent[1]!.key).toBe(sent[0]!.key);
    await waitFor(() => expect(screen.queryByTestId('change-dialog')).toBeNull());
  });
});
