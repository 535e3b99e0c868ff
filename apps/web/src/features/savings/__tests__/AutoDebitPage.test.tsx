/**
 * Auto Debet (/transactions/auto-debit): the server filters and pages the
 * auto-debit accounts (isAutoDebit=true, status ACTIVE, the saving type
 * chosen, sorted by member), the page's members' source-of-fund accounts
 * come in one more call (memberIds, at most 100 a call), and each row says
 * whether it can be collected; the count is the server's total.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { loadFullCatalog } from '../../../lib/i18n/messages';
import { user } from '../../../test/fixtures';
import { ok, stubFetch } from '../../../test/render';
import { renderSignedRoute } from '../../../test/signed';
import { sourcesOf } from '../api/autoDebitAccounts';
import type { SavingAccount } from '../api/types';
import AutoDebitPage from '../pages/AutoDebitPage';
import { account } from './fixtures';

beforeAll(async () => {
  await i18n.loadNamespaces(['savings']);
  await loadFullCatalog();
});
beforeEach(() => {
  Cookies.set('csrf_token', 't');
});

const staff = user({ permissions: { member_transaction: { view: true, add: true, update: true, delete: false } } });

const wajibAni = account({
  id: 'sw-ani',
  memberId: 'm-ani',
  memberName: 'Ani Lestari',
  accountNumber: 'SW.000001',
  productName: 'Simpanan Wajib',
  kind: 'SAVING_EQUITY',
  savingType: 'MANDATORY',
  isAutoDebit: true,
});
const planBudi = account({
  id: 'tp-budi',
  memberId: 'm-budi',
  memberName: 'Budi Hartono',
  accountNumber: 'TP.000002',
  productName: 'Tabungan Pendidikan',
  savingType: 'PLAN',
  isAutoDebit: true,
  planMonthlyAmount: 500_000,
});
const sourceBudi = account({
  id: 'ss-budi',
  memberId: 'm-budi',
  accountNumber: 'SS.000009',
  isSourceOfFund: true,
  availableBalance: 120_000,
});

function open() {
  const lists: URLSearchParams[] = [];
  const sources: URLSearchParams[] = [];
  const patches: string[] = [];
  stubFetch((url, init) => {
    if (url.pathname === '/api/users/detail') return { body: ok(staff) };
    if (init.method === 'PATCH') {
      patches.push(`${url.pathname}?${url.searchParams}`);
      return { body: ok({ ...wajibAni, isAutoDebit: false }) };
    }
    if (url.pathname === '/api/transaction/saving/datatable') {
      const q = url.searchParams;
      if (q.get('isSourceOfFund') === 'true') {
        sources.push(q);
        return { body: ok({ content: [sourceBudi], page: 0, limit: 100, totalElements: 1, totalPages: 1 }) };
      }
      lists.push(q);
      const content = q.get('savingType') === 'PLAN' ? [planBudi] : [wajibAni, planBudi];
      // The server has 27 of them (or 1 plan); this is the first page.
      const totalElements = q.get('savingType') === 'PLAN' ? 1 : 27;
      return { body: ok({ content, page: 0, limit: 25, totalElements, totalPages: Math.ceil(totalElements / 25) }) };
    }
    return { status: 404, body: { status: false, code: 404, message: 'x', data: null } };
  });
  renderSignedRoute('/transactions/auto-debit', <AutoDebitPage />, '/transactions/auto-debit');
  return { lists, sources, patches };
}

describe('auto debit list', () => {
  it('asks the server for one page of auto-debit accounts and their sources of fund', async () => {
    const u = userEvent.setup({ delay: null });
    const { lists, sources } = open();
    const rows = await screen.findAllByTestId('auto-debit-row', {}, { timeout: 8000 });
    expect(rows).toHaveLength(2);
    const q = lists[0]!;
    expect(Object.fromEntries(q)).toMatchObject({
      isAutoDebit: 'true',
      status: 'ACTIVE',
      page: '0',
      limit: '25',
      sortBy: 'member_name',
      ascOrDesc: 'ASC',
    });
    expect(q.has('savingType')).toBe(false);
    expect(sources[0]!.get('memberIds')!.split(',').sort()).toEqual(['m-ani', 'm-budi']);
    expect(sources[0]!.get('status')).toBe('ACTIVE');
    expect(screen.getByTestId('auto-debit-count')).toHaveTextContent('27 rekening auto debet');

    const ani = rows.find((r) => r.textContent?.includes('Ani Lestari'))!;
    const budi = rows.find((r) => r.textContent?.includes('Budi Hartono'))!;
    expect(within(ani).getByTestId('auto-debit-state')).toHaveTextContent('Tanpa sumber dana');
    expect(budi).toHaveTextContent('SS.000009');
    // The plan's instalment (Rp 500.000) is more than the source may give (Rp 120.000).
    expect(within(budi).getByTestId('auto-debit-state')).toHaveTextContent('Saldo sumber kurang');

    // A saving type narrows the list on the server.
    await u.click(screen.getByRole('combobox', { name: 'Jenis simpanan' }));
    await u.click(await screen.findByRole('option', { name: 'Simpanan Berencana' }));
    await expect.poll(() => lists.at(-1)?.get('savingType')).toBe('PLAN');
    await expect.poll(() => screen.queryAllByTestId('auto-debit-row').length).toBe(1);
    expect(screen.getByTestId('auto-debit-count')).toHaveTextContent('1 rekening auto debet');
  });

  it('switches auto debit off after a confirmation, and lists again', async () => {
    const u = userEvent.setup({ delay: null });
    const { lists, patches } = open();
    const rows = await screen.findAllByTestId('auto-debit-row', {}, { timeout: 8000 });
    const ani = rows.find((r) => r.textContent?.includes('Ani Lestari'))!;
    await u.click(within(ani).getByTestId('auto-debit-off'));
    expect(await screen.findByTestId('confirm-dialog')).toHaveTextContent('SW.000001');
    expect(patches).toHaveLength(0);
    const before = lists.length;
    await u.click(screen.getByTestId('confirm-ok'));
    await expect.poll(() => patches).toEqual(['/api/member/sw-ani/saving-auto-debit?isAutoDebit=false']);
    // The list is read again from the server.
    await expect.poll(() => lists.length).toBeGreaterThan(before);
  });

  it('reads the sources of fund of many members in calls of at most 100 ids', async () => {
    const seen: string[][] = [];
    stubFetch((url) => {
      const ids = url.searchParams.get('memberIds')!.split(',');
      seen.push(ids);
      const content: SavingAccount[] = ids.map((m) => account({ id: `ss-${m}`, memberId: m, isSourceOfFund: true }));
      return { body: ok({ content, page: 0, limit: 100, totalElements: content.length, totalPages: 1 }) };
    });
    const members = Array.from({ length: 250 }, (_, i) => `m${i}`);
    // Duplicates (a member with several auto-debit accounts) are asked once.
    const got = await sourcesOf([...members, 'm0', 'm1']);
    expect(seen.map((s) => s.length)).toEqual([100, 100, 50]);
    expect(new Set(seen.flat()).size).toBe(250);
    expect(got).toHaveLength(250);
  });
});
