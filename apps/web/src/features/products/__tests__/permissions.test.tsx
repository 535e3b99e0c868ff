/**
 * Permissions from users/detail: a role that may only view products sees the
 * list and the detail without "add" and "edit"; a role with product:add and
 * product:update gets both.
 */
import { GL_ROLES } from '@koperasi/contracts/products';
import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { i18n } from '../../../lib/i18n';
import { loadFullCatalog } from '../../../lib/i18n/messages';
import { user } from '../../../test/fixtures';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import type { ProductDetail } from '../lib/types';
import ProductDetailPage from '../pages/ProductDetailPage';
import ProductListPage from '../pages/ProductListPage';

beforeAll(async () => {
  await loadFullCatalog();
  await i18n.changeLanguage('id');
  await i18n.loadNamespaces(['products', 'common']);
});
afterEach(() => Cookies.remove('csrf_token'));

const ID = '0a557ec3-27e2-4c9c-90f1-fa5d2adfecd1';
const terms = {
  version: 1,
  effectiveDate: '2026-01-01',
  minBalance: 10000,
  baseRate: 3,
  balanceBasis: 'TERENDAH' as const,
  closingFee: 0,
  monthlyAdminFee: 0,
  interestTax: 10,
  interestMinBalance: 50000,
  interestMaxBalance: null,
  dailyInterestPercent: 0,
  blockAmount: 0,
  planMonthlyAmount: null,
  planTargetBalance: null,
  planTargetMonths: null,
  amount: null,
  period: null,
  deposit: null,
  loan: null,
  bill: null,
  createdDate: '2026-01-01T01:00:00Z',
};
const product: ProductDetail = {
  id: ID,
  code: 'SS',
  name: 'Simpanan Sukarela',
  kind: 'SAVING',
  category: 'SAVING',
  savingType: 'VOLUNTARY',
  description: null,
  audience: 'ALL',
  requiresApproval: false,
  isActive: true,
  systemKey: 'VOLUNTARY',
  terms,
  glAccounts: GL_ROLES.SAVING.map((role, i) => ({ role, coaId: `c${i}`, code: `2010${i}`, name: `Akun ${role}`, type: 'LIABILITY' })),
  accountCount: 111,
  totalBalance: 431977000,
  createdDate: '2026-01-01T01:00:00Z',
  updatedDate: '2026-01-01T01:00:00Z',
  versions: [terms],
  upcomingTerms: null,
};

const can = (add: boolean, update: boolean) => ({
  product: { view: true, add, update, delete: false },
  dashboard: { view: true, add: false, update: false, delete: false },
});

function serve(permissions: ReturnType<typeof can>) {
  Cookies.set('csrf_token', 't');
  return stubFetch((url) => {
    if (url.pathname === '/api/users/detail') return { body: ok(user({ permissions })) };
    if (url.pathname === `/api/product/${ID}/detail`) return { body: ok(product) };
    if (url.pathname === '/api/product/datatable')
      return { body: ok({ content: [product], page: 0, limit: 10, totalElements: 1, totalPages: 1 }) };
    return { status: 404, body: { status: false, code: 404, message: 'x' } };
  });
}

/** Shows once users/detail has answered (the permissions are known). */
function AuthReady() {
  const { user: u } = useAuth();
  return u ? <span data-testid="auth-ready" /> : null;
}

const detail = (
  <Routes>
    <Route path="/products/savings/:id" element={<ProductDetailPage segment="savings" />} />
  </Routes>
);
const withAuth = (ui: ReactElement) => (
  <>
    <AuthReady />
    {ui}
  </>
);

describe('product permissions', () => {
  it('view only: no add on the list, no edit on the detail', async () => {
    serve(can(false, false));
    const list = renderWithProviders(withAuth(<ProductListPage segment="savings" />), { auth: true, path: '/products/savings' });
    await screen.findByTestId('auth-ready');
    await screen.findByText('Simpanan Sukarela', { selector: 'p' });
    expect(screen.queryByTestId('product-add')).not.toBeInTheDocument();
    list.unmount();
    renderWithProviders(withAuth(detail), { auth: true, path: `/products/savings/${ID}` });
    await screen.findByTestId('auth-ready');
    await screen.findByTestId('gl-table');
    expect(screen.getByTestId('detail-code')).toHaveTextContent('SS');
    expect(screen.queryByTestId('product-edit')).not.toBeInTheDocument();
  });

  it('add and update: both offered', async () => {
    serve(can(true, true));
    const list = renderWithProviders(withAuth(<ProductListPage segment="savings" />), { auth: true, path: '/products/savings' });
    await waitFor(() => expect(screen.getByTestId('product-add')).toBeInTheDocument());
    list.unmount();
    renderWithProviders(withAuth(detail), { auth: true, path: `/products/savings/${ID}` });
    await screen.findByTestId('gl-table');
    expect(screen.getByTestId('product-edit')).toHaveAttribute('href', `/products/savings/${ID}/edit`);
    expect(screen.getByTestId('current-version')).toHaveTextContent('Versi 1, berlaku mulai 1 Januari 2026');
    expect(screen.getByTestId('term-interestMaxBalance')).toHaveTextContent('Tanpa batas');
  });
});
