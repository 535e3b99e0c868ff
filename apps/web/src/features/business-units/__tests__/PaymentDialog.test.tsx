/**
 * Paying a member's debt to a unit: from savings the dialog lists the
 * member's active voluntary accounts, shows what may be withdrawn, asks for
 * confirmation and sends source SAVINGS with the account and an
 * Idempotency-Key; more than the debt cannot be sent.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import { PaymentDialog } from '../components/PaymentDialog';

vi.mock('../../../lib/notify', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  notifyWarning: vi.fn(),
  notifyInfo: vi.fn(),
  clearLastError: vi.fn(),
  errorMessage: (e: Error) => e.message,
}));

beforeAll(async () => {
  await i18n.changeLanguage('id');
  await i18n.loadNamespaces(['business-units', 'common']);
});

const debt = {
  businessUnitId: '11111111-1111-4111-8111-111111111111',
  businessUnitName: 'Toko Koperasi',
  memberId: '22222222-2222-4222-8222-222222222222',
  memberName: 'Yusuf Siregar',
  cifNumber: '2025000019',
  balance: 75000,
};
const SAVING = '33333333-3333-4333-8333-333333333333';

describe('<PaymentDialog>', () => {
  it('pays from the chosen savings account after confirmation', async () => {
    Cookies.set('csrf_token', 't');
    const calls = stubFetch((url) => {
      if (url.pathname === `/api/member/${debt.memberId}/saving-product`)
        return {
          body: ok({
            accounts: [
              {
                id: SAVING,
                accountNumber: 'SS.000038',
                productName: 'Simpanan Sukarela',
                kind: 'SAVING',
                status: 'ACTIVE',
                balance: 5906000,
                availableBalance: 5896000,
              },
            ],
          }),
        };
      if (url.pathname === '/api/transaction-business-unit/payment-debt')
        return { body: ok({ id: 'x' }, 'Pembayaran utang berhasil disimpan') };
      return { status: 404, body: { status: false, code: 404, message: 'x' } };
    });
    const onClose = vi.fn();
    renderWithProviders(<PaymentDialog debt={debt} onClose={onClose} />, { auth: true });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText(/berutang ke Toko Koperasi sebesar Rp 75\.000/)).toBeInTheDocument();

    await user.click(screen.getByTestId('pay-source-savings'));
    expect(screen.getByTestId('pay-submit')).toBeDisabled();
    await user.click(await screen.findByRole('combobox', { name: 'Rekening simpanan' }));
    await user.click(await screen.findByRole('option', { name: /SS\.000038/ }));
    expect(await screen.findByText('Dapat ditarik: Rp 5.896.000')).toBeInTheDocument();

    // More than the debt: refused in the form.
    const amount = screen.getByLabelText('Jumlah');
    await user.clear(amount);
    await user.type(amount, '80000');
    expect(screen.getByText('Melebihi sisa utang')).toBeInTheDocument();
    expect(screen.getByTestId('pay-submit')).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '50000');
    // An admin fee on top: the unit's admin liability account; the confirmation names the total.
    expect(screen.getByText('Dicatat pada akun titipan administrasi unit')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Biaya administrasi (opsional)'), '2500');
    expect(screen.getByText(/Dibayar di atas cicilan; total diterima Rp 52\.500/)).toBeInTheDocument();

    await user.click(screen.getByTestId('pay-submit'));
    expect(await screen.findByText(/Rp 52\.500 ditarik dari rekening simpanan SS\.000038 milik Yusuf Siregar/)).toBeInTheDocument();
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((c) => c.url.pathname === '/api/transaction-business-unit/payment-debt')!;
    expect(JSON.parse(String(post.init.body))).toEqual({
      businessUnitId: debt.businessUnitId,
      memberId: debt.memberId,
      amount: 50000,
      source: 'SAVINGS',
      memberSavingId: SAVING,
      adminFee: 2500,
    });
    expect(new Headers(post.init.headers).get('Idempotency-Key')).toBeTruthy();
  }, 30_000);
});
