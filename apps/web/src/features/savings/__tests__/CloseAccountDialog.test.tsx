/**
 * Tutup rekening for a role that may close accounts but not see the product
 * menu (an agent given member_transaction:update, no product:view): the
 * closing fee in force comes from product/SAVING/categories?isActive=false,
 * never from product/{id}/detail (403 for that role); the payout is the
 * balance less the fee; a product the list does not hold shows the warning
 * that the fee is unknown.
 */
import { screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { loadFullCatalog } from '../../../lib/i18n/messages';
import { user } from '../../../test/fixtures';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import { Signed } from '../../../test/signed';
import { CloseAccountDialog } from '../components/CloseAccountDialog';
import { account, CASH, MY_CASH } from './fixtures';

beforeAll(async () => {
  await i18n.loadNamespaces(['savings']);
  await loadFullCatalog();
});
beforeEach(() => {
  Cookies.set('csrf_token', 't');
});

const agent = user({
  role: { id: 'r3', name: 'AGENT', code: 'AGENT' },
  isAgent: true,
  permissions: {
    dashboard: { view: true, add: false, update: false, delete: false },
    member_transaction: { view: true, add: true, update: true, delete: false },
  },
  limits: { savingWithdrawal: 2_000_000, loanRequest: 0, loanApproval: 0, canReleaseLoan: false, canCancelTransaction: false },
});

const product = (id: string, closingFee: number | null, isActive = true) => ({
  id,
  code: 'SS',
  name: 'Simpanan Sukarela',
  kind: 'SAVING',
  savingType: 'VOLUNTARY',
  description: null,
  audience: 'ALL',
  requiresApproval: false,
  isActive,
  terms: {
    version: 2,
    effectiveDate: '2026-01-01',
    minBalance: 10_000,
    closingFee,
    blockAmount: 0,
    planMonthlyAmount: null,
    planTargetBalance: null,
    planTargetMonths: null,
    amount: null,
    period: null,
  },
});

function open(productId: string) {
  const calls: URL[] = [];
  stubFetch((url) => {
    calls.push(url);
    if (url.pathname === '/api/users/detail') return { body: ok(agent) };
    if (url.pathname === '/api/coa/101/search-by-parent') return { body: ok(CASH) };
    if (url.pathname === '/api/coa/assign-to-me') return { body: ok(MY_CASH) };
    if (url.pathname === '/api/product/SAVING/categories') {
      // Inactive products only when asked for (isActive=false): the account's product is no longer sold.
      const all = [product('p-other', 5_000), product('p-ss', 25_000, false)];
      return { body: ok(url.searchParams.get('isActive') === 'false' ? all : all.filter((p) => p.isActive)) };
    }
    if (url.pathname.startsWith('/api/product/'))
      return { status: 403, body: { status: false, code: 403, message: 'Akses ditolak', data: null } };
    return { status: 404, body: { status: false, code: 404, message: 'x', data: null } };
  });
  renderWithProviders(
    <Signed>
      <CloseAccountDialog account={account({ productId, balance: 1_250_000 })} onClose={() => undefined} />
    </Signed>,
    { auth: true },
  );
  return calls;
}

const text = (id: string) => screen.getByTestId(id).textContent?.replace(/\s+/g, ' ').trim();

describe('closing an account without product:view', () => {
  it('shows the closing fee in force and the payout from the products every user may list', async () => {
    const calls = open('p-ss');
    await screen.findByTestId('close-dialog', {}, { timeout: 8000 });
    await expect.poll(() => text('close-fee')).toBe('Rp 25.000');
    expect(text('close-payout')).toBe('Rp 1.225.000');
    expect(screen.queryByText(i18n.t('savings:close.feeUnknown'))).toBeNull();
    const productCalls = calls.filter((u) => u.pathname.startsWith('/api/product/'));
    expect(productCalls.map((u) => `${u.pathname}?${u.searchParams}`)).toEqual(['/api/product/SAVING/categories?isActive=false']);
  });

  it('warns that the fee is unknown when the product is not found', async () => {
    open('p-gone');
    await screen.findByTestId('close-dialog', {}, { timeout: 8000 });
    expect(await screen.findByText(i18n.t('savings:close.feeUnknown'))).toBeInTheDocument();
  });
});
