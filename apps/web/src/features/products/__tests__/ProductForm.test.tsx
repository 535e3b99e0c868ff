/**
 * The product stepper in the browser's DOM: a new voluntary savings product
 * goes through general data, terms and the GL mapping (defaults filled in;
 * a role left empty stops the step with 'Semua akun COA wajib dipilih'),
 * the review posts the body, and a server refusal on a field takes the user
 * back to that field's step with the server's message on it.
 */
import { GL_ROLES } from '@koperasi/contracts/products';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { loadFullCatalog } from '../../../lib/i18n/messages';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import { ProductForm } from '../components/ProductForm';

vi.mock('../../../lib/notify', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  notifyWarning: vi.fn(),
  notifyInfo: vi.fn(),
  clearLastError: vi.fn(),
  errorMessage: (e: Error) => e.message,
}));

beforeAll(async () => {
  await loadFullCatalog();
  await i18n.changeLanguage('id');
  await i18n.loadNamespaces(['products']);
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ACCOUNTS = [
  { id: id(1), code: '20101', name: 'Simpanan Sukarela', type: 'LIABILITY', isPostable: true, isActive: true },
  { id: id(2), code: '50101', name: 'Beban Jasa Simpanan Sukarela', type: 'EXPENSE', isPostable: true, isActive: true },
  { id: id(3), code: '40103', name: 'Pendapatan Administrasi', type: 'INCOME', isPostable: true, isActive: true },
  { id: id(4), code: '40106', name: 'Pendapatan Biaya Penutupan Rekening', type: 'INCOME', isPostable: true, isActive: true },
  { id: id(5), code: '20202', name: 'Utang Pajak Jasa Simpanan', type: 'LIABILITY', isPostable: true, isActive: true },
];
const DEFAULTS = GL_ROLES.SAVING.map((role, i) => ({
  role,
  accountTypes: [ACCOUNTS[i]!.type],
  coaId: ACCOUNTS[i]!.id,
  code: ACCOUNTS[i]!.code,
  name: ACCOUNTS[i]!.name,
}));

describe('<ProductForm> adding a voluntary savings product', () => {
  it('walks the steps, refuses an empty GL role, posts, and puts a server refusal back on its field', async () => {
    let posts = 0;
    const calls = stubFetch((url, init) => {
      if (url.pathname === '/api/product/gl-defaults') return { body: ok(DEFAULTS) };
      if (url.pathname === '/api/coa') return { body: ok(ACCOUNTS) };
      if (url.pathname === '/api/product' && init.method === 'POST') {
        posts += 1;
        const b = JSON.parse(String(init.body)) as Record<string, unknown>;
        if (b.code === 'SS') {
          return {
            status: 409,
            body: {
              status: false,
              code: 409,
              message: 'Kode produk SS sudah dipakai',
              errorCode: 'PRODUCT_CODE_TAKEN',
              data: { fields: [{ field: 'code', message: 'Kode produk SS sudah dipakai' }] },
            },
          };
        }
        return { body: ok({ id: id(77), kind: 'SAVING', savingType: 'VOLUNTARY', ...b }, 'Produk berhasil dibuat') };
      }
      return { status: 404, body: { status: false, code: 404, message: 'x' } };
    });
    const saved = vi.fn();
    const { container } = renderWithProviders(
      <ProductForm
        kind="SAVING"
        savingTypes={['VOLUNTARY', 'PLAN']}
        initialSavingType="VOLUNTARY"
        onSaved={saved}
        onCancel={() => undefined}
      />,
    );
    const user = userEvent.setup({ delay: null });
    const input = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

    // Step 1: the name is required.
    await user.click(screen.getByTestId('form-next'));
    expect(await screen.findByText('Nama wajib diisi')).toBeInTheDocument();
    await user.type(input('name'), 'Simpanan Hari Raya');
    await user.type(input('code'), 'SS');
    await user.click(screen.getByTestId('form-next'));

    // Step 2: the terms of a voluntary saving (no plan fields), minimum balance required.
    await screen.findByTestId('step-terms');
    expect(input('planMonthlyAmount')).toBeNull();
    await user.clear(input('minBalance'));
    await user.click(screen.getByTestId('form-next'));
    expect(await screen.findByText('Saldo minimum wajib diisi')).toBeInTheDocument();
    await user.type(input('minBalance'), '25000');
    await user.type(input('baseRate'), '4');
    await user.click(screen.getByTestId('form-next'));

    // Step 3: the chart's defaults are filled in; one role emptied stops the step.
    await screen.findByTestId('step-gl');
    await waitFor(() => expect(screen.getByTestId('gl-TAX_PAYABLE')).toHaveValue('20202 · Utang Pajak Jasa Simpanan'));
    expect(screen.getByTestId('gl-CONTROL')).toHaveValue('20101 · Simpanan Sukarela');
    const taxRow = screen.getByTestId('gl-role-TAX_PAYABLE');
    fireEvent.click(within(taxRow).getByTitle(/clear|hapus|bersihkan/i));
    await waitFor(() => expect(screen.getByTestId('gl-TAX_PAYABLE')).toHaveValue(''));
    await user.click(screen.getByTestId('form-next'));
    const missing = await screen.findByTestId('gl-missing');
    expect(missing).toHaveTextContent('Semua akun COA wajib dipilih');
    expect(missing).toHaveTextContent('Utang pajak jasa');
    expect(within(taxRow).getByText('Semua akun COA wajib dipilih')).toBeInTheDocument();
    expect(screen.getByTestId('step-gl')).toBeInTheDocument();
    expect(posts).toBe(0);

    // Choose it again by typing its code.
    await user.type(screen.getByTestId('gl-TAX_PAYABLE'), '20202');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('gl-TAX_PAYABLE')).toHaveValue('20202 · Utang Pajak Jasa Simpanan'));
    await user.click(screen.getByTestId('form-next'));

    // Step 4: review and save; the server refuses the code: back to step 1 with its message on the field.
    const review = await screen.findByTestId('step-review');
    expect(review).toHaveTextContent('Simpanan Hari Raya');
    expect(within(screen.getByTestId('review-gl-TAX_PAYABLE')).getByText('20202 · Utang Pajak Jasa Simpanan')).toBeInTheDocument();
    await user.click(screen.getByTestId('form-submit'));
    await screen.findByTestId('step-general');
    expect(await screen.findAllByText('Kode produk SS sudah dipakai')).not.toHaveLength(0);
    expect(saved).not.toHaveBeenCalled();

    await user.clear(input('code'));
    await user.type(input('code'), 'SHR');
    // One step at a time: a click while a step is still validating would not advance.
    for (const step of ['step-terms', 'step-gl', 'step-review']) {
      await user.click(screen.getByTestId('form-next'));
      await screen.findByTestId(step, {}, { timeout: 5000 });
    }
    await user.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));

    const body = JSON.parse(String(calls.filter((c) => c.init.method === 'POST').at(-1)!.init.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      kind: 'SAVING',
      savingType: 'VOLUNTARY',
      code: 'SHR',
      name: 'Simpanan Hari Raya',
      minBalance: 25000,
      baseRate: 4,
      balanceBasis: 'HARIAN',
      interestMaxBalance: null,
      glAccounts: Object.fromEntries(GL_ROLES.SAVING.map((r, i) => [r, ACCOUNTS[i]!.id])),
    });
    expect(body.effectiveDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }, 90_000);
});
