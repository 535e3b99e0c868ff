/**
 * Savings at the teller in a real browser (issue 7): the demo teller signs
 * in, finds a member by name as they type, deposits, withdraws (first above
 * what may be taken: the server's refusal is shown), prints the receipt (the
 * print view's content, and window.print called), transfers to the member's
 * plan saving, and — once a supervisor has given the TELLER role the right to
 * cancel (the button is hidden before) — cancels the withdrawal. The account's
 * mutations show every running balance, and the balance sheet shows the
 * movement: Kas Teller and the two saving control accounts change by exactly
 * the amounts posted. Last, the Auto Debet list: one server page filtered by
 * the auto-debit flag (and the saving type chosen), each account with its
 * member's source of fund; an agent whose role may close accounts (but
 * has no product:view) sees the closing fee in the close dialog; and on the
 * approval pages each tab's header names it, and a withdrawal waiting above
 * the approver's own limit is warned about before the server refuses it.
 *
 * The member is chosen from the demo data through the API (a member with a
 * voluntary and a plan saving, nothing blocked), so the test does not depend
 * on the seed's random draw; every figure asserted is computed from the
 * balances read before.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiToken, closeBrowser, DEMO, newPage, screenshot, screenshotOnFailure, signIn, url } from './harness';

const TELLER = { email: 'teller@koperasi.id', password: DEMO.password, name: 'Siti Rahmawati' };
const AGENT = { email: 'agent@koperasi.id', password: DEMO.password };
const DEPOSIT = 250_000;
const WITHDRAWAL = 100_000;
const TRANSFER = 50_000;
/** The ledger accounts the movements touch: the teller's cash, voluntary savings, plan savings. */
const CASH = '10103';
const VOLUNTARY = '20101';
const PLAN = '20103';

interface Account {
  id: string;
  accountNumber: string;
  memberId: string;
  cifNumber: string;
  memberName: string;
  productId: string;
  productName: string;
  savingType: string;
  status: string;
  balance: number;
  availableBalance: number;
  isBlocked: boolean;
}

let page: Page;
let member: { id: string; cif: string; name: string };
let ss: Account;
let tp: Account;
let tellerRoleId = '';
/** The AGENT role's permissions before the test widened them (restored after). */
let agentRole: { id: string; permissions: Record<string, unknown> } | null = null;
/** The cooperative's transaction policy before the approval test changed it (restored after). */
let savedPolicy: Record<string, unknown> | null = null;
let withdrawalId = '';
let before: Record<string, number> = {};

/** Text with spaces normalised (money is formatted with a no-break space after "Rp"). */
const txt = async (l: Locator) => ((await l.textContent()) ?? '').replace(/\s+/g, ' ').trim();
/** "Rp 5.421.000" / "-Rp 79.000" → a number (Indonesian grouping, no decimals in these figures). */
const rupiah = (s: string) => {
  const n = Number(s.replace(/[^\d,-]/g, '').replace(',', '.'));
  if (!Number.isFinite(n)) throw new Error(`not an amount: ${s}`);
  return n;
};
/** Indonesian display of an amount, as the screens show it. */
const rp = (n: number) => `${n < 0 ? '-' : ''}Rp ${Math.abs(n).toLocaleString('id-ID')}`;

async function api<T>(tok: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(url(path), {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${tok}`, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const json = (await res.json()) as { status: boolean; message: string; data: T };
  if (!json.status) throw new Error(`${path}: ${json.message}`);
  return json.data;
}

/** The balance-sheet figure of one postable account (its row's current column). */
async function balanceSheetFigures(codes: string[]): Promise<Record<string, number>> {
  await page.goto(url('/reports/balance-sheet'));
  await page.getByTestId('bs-balanced').waitFor();
  const out: Record<string, number> = {};
  for (const code of codes) {
    const row = page
      .getByTestId('balance-sheet')
      .locator('tbody tr')
      .filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${code}$`) }) });
    expect(await row.count(), `balance sheet row ${code}`).toBe(1);
    out[code] = rupiah(await txt(row.locator('td').nth(2)));
  }
  return out;
}

const row = (a: Account) => page.locator(`[data-account="${a.accountNumber}"]`);

beforeAll(async () => {
  const admin = await apiToken(DEMO.email);
  const teller = await apiToken(TELLER.email);
  // A member with a voluntary and a plan saving, both open and unblocked, the voluntary one with room to withdraw.
  const page0 = await api<{ content: Account[] }>(teller, '/api/transaction/saving/datatable?kind=SAVING&status=ACTIVE&limit=1000');
  const byMember = new Map<string, Account[]>();
  for (const a of page0.content) byMember.set(a.memberId, [...(byMember.get(a.memberId) ?? []), a]);
  const pick = [...byMember.values()].find((as) => {
    const v = as.filter((a) => a.savingType === 'VOLUNTARY');
    const p = as.filter((a) => a.savingType === 'PLAN');
    const room = v[0]?.availableBalance ?? 0;
    // Enough to withdraw, and below the TELLER role's limit (Rp 10.000.000) so the balance is what refuses.
    return v.length === 1 && p.length === 1 && !v[0]!.isBlocked && !p[0]!.isBlocked && room >= 1_000_000 && room + DEPOSIT < 9_000_000;
  });
  if (!pick) throw new Error('no demo member with a voluntary and a plan saving');
  ss = pick.find((a) => a.savingType === 'VOLUNTARY')!;
  tp = pick.find((a) => a.savingType === 'PLAN')!;
  member = { id: ss.memberId, cif: ss.cifNumber, name: ss.memberName };
  const roles = await api<Array<{ id: string; code: string | null }>>(admin, '/api/role/all-role');
  tellerRoleId = roles.find((r) => r.code === 'TELLER')!.id;
  // The built-in TELLER role may not cancel until a supervisor allows it (tested below).
  await api(admin, '/api/role', { method: 'PATCH', body: { id: tellerRoleId, canCancelTransaction: false } });

  page = await newPage();
  // Record print calls instead of opening the browser's dialog (every page of the context, the receipt tab too).
  await page.context().addInitScript(() => {
    (window as unknown as { __printed: number }).__printed = 0;
    window.print = () => {
      (window as unknown as { __printed: number }).__printed += 1;
    };
  });
  await signIn(page, TELLER.email, TELLER.password, { expect: /\/dashboard/ });
  await page.getByTestId('app-header').waitFor();
});

afterAll(async () => {
  if (tellerRoleId) {
    const admin = await apiToken(DEMO.email);
    await api(admin, '/api/role', {
      method: 'PATCH',
      body: { id: tellerRoleId, canCancelTransaction: false, savingWithdrawalLimit: 10_000_000 },
    }).catch(() => undefined);
  }
  if (savedPolicy) {
    const admin = await apiToken(DEMO.email);
    await api(admin, '/api/configuration', { method: 'POST', body: { transactionPolicy: savedPolicy } }).catch(() => undefined);
  }
  if (agentRole) {
    const admin = await apiToken(DEMO.email);
    await api(admin, '/api/role', { method: 'PATCH', body: agentRole }).catch(() => undefined);
  }
  await closeBrowser();
});
beforeEach(screenshotOnFailure);

describe('savings at the teller', () => {
  it('reads the balance sheet before, then finds the member by name as the teller types', async () => {
    before = await balanceSheetFigures([CASH, VOLUNTARY, PLAN]);

    await page.goto(url('/transactions/savings'));
    const finder = page.getByTestId('member-finder');
    await expect.poll(() => finder.evaluate((el) => el === document.activeElement)).toBe(true);
    await finder.pressSequentially(member.name.slice(0, 8).toLowerCase(), { delay: 30 });
    const option = page.getByTestId('member-option').filter({ hasText: member.cif });
    await option.waitFor();
    await option.click();
    await page.waitForURL((u) => u.searchParams.get('memberId') === member.id);
    expect(await txt(page.getByTestId('member-name'))).toBe(member.name);
    expect(await txt(page.getByTestId('member-cif'))).toBe(member.cif);
    expect(await txt(row(ss).getByTestId('account-balance'))).toBe(rp(ss.balance));
    expect(await txt(row(ss).getByTestId('account-available'))).toBe(`Dapat ditarik: ${rp(ss.availableBalance)}`);
    expect(await txt(row(tp).getByTestId('account-balance'))).toBe(rp(tp.balance));
    await screenshot(page, 'savings-teller-member');
  });

  it('deposits through the teller’s own cash account, confirming the balance after', async () => {
    await row(ss).getByTestId('action-deposit').click();
    const dialog = page.getByTestId('deposit-dialog');
    await dialog.waitFor();
    await expect.poll(() => txt(page.getByTestId('cash-account-select'))).toContain('10103 · Kas Teller (kas Anda)');
    // Keyboard only: the amount has the focus, Enter continues, Enter posts.
    await expect.poll(() => page.locator('input[name="amount"]').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(String(DEPOSIT));
    expect(await page.locator('input[name="amount"]').inputValue()).toBe('250.000');
    await page.keyboard.press('Enter');
    await page.getByTestId('posting-summary').waitFor();
    expect(await txt(page.getByTestId('summary-before'))).toBe(rp(ss.balance));
    expect(await txt(page.getByTestId('summary-after'))).toBe(rp(ss.balance + DEPOSIT));
    await page.keyboard.press('Enter');
    await page.getByTestId('posting-done').waitFor();
    expect(await txt(page.getByTestId('done-balance'))).toBe(rp(ss.balance + DEPOSIT));
    expect(await txt(page.getByTestId('done-code'))).toMatch(/^TRX\d+$/);
    expect(await txt(dialog)).toContain('10103 · Kas Teller');
    await page.getByTestId('posting-close').click();
    await expect.poll(() => txt(row(ss).getByTestId('account-balance'))).toBe(rp(ss.balance + DEPOSIT));
  });

  it('shows the server’s refusals (what may be taken, the role limit), then withdraws', async () => {
    const available = ss.availableBalance + DEPOSIT;
    await row(ss).getByTestId('action-withdraw').click();
    await page.getByTestId('withdraw-dialog').waitFor();
    expect(await txt(page.getByTestId('form-available'))).toBe(`Dapat ditarik: ${rp(available)}`);
    const amount = page.locator('input[name="amount"]');
    await amount.fill(String(available + 1_000));
    expect(await txt(page.getByTestId('warn-available'))).toContain(rp(available));
    await page.getByTestId('posting-continue').click();
    await page.getByTestId('posting-confirm').click();
    const refusal = await txt(page.getByTestId('posting-error'));
    expect(refusal).toContain(`Saldo rekening ${ss.accountNumber} tidak cukup`);
    expect(refusal).toContain(`dapat ditarik ${rp(available)}`);
    // A business refusal is definitive: no "Kirim ulang", posting disabled until the teller changes it.
    expect(await page.getByRole('button', { name: 'Kirim ulang' }).count()).toBe(0);
    expect(await page.getByTestId('posting-confirm').isDisabled()).toBe(true);
    await screenshot(page, 'savings-withdraw-refused', { fullPage: false });

    // Above the role's limit, and the cooperative refuses such withdrawals (the default): posting disabled, the limit named.
    await page.getByTestId('posting-back').click();
    await amount.fill('15000000');
    expect(await txt(page.getByTestId('warn-limit'))).toContain('TELLER (Rp 10.000.000)');
    await page.getByTestId('posting-continue').click();
    expect(await txt(page.getByTestId('posting-summary'))).toContain('TELLER (Rp 10.000.000)');
    expect(await page.getByTestId('posting-confirm').isDisabled()).toBe(true);

    await page.getByTestId('posting-back').click();
    await amount.fill(String(WITHDRAWAL));
    await page.getByTestId('posting-continue').click();
    expect(await txt(page.getByTestId('summary-after'))).toBe(rp(ss.balance + DEPOSIT - WITHDRAWAL));
    await page.getByTestId('posting-confirm').click();
    await page.getByTestId('posting-done').waitFor();
    expect(await txt(page.getByTestId('done-balance'))).toBe(rp(ss.balance + DEPOSIT - WITHDRAWAL));
    const href = (await page.getByTestId('print-receipt-a5').getAttribute('href')) ?? '';
    withdrawalId = /\/transactions\/receipt\/([0-9a-f-]{36})\?paper=A5$/.exec(href)?.[1] ?? '';
    expect(withdrawalId).not.toBe('');
  });

  it('prints the withdrawal receipt (A5 and 80 mm) from its own print view', async () => {
    const code = await txt(page.getByTestId('done-code'));
    const [receipt] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('print-receipt-a5').click()]);
    await receipt.getByTestId('receipt').waitFor();
    expect(await receipt.getByTestId('receipt').getAttribute('data-paper')).toBe('A5');
    expect(await txt(receipt.getByTestId('receipt-cooperative'))).toBe(DEMO.cooperative);
    expect(await txt(receipt.getByTestId('receipt-title'))).toBe('BUKTI PENARIKAN SIMPANAN');
    expect(await txt(receipt.getByTestId('receipt-code'))).toBe(code);
    expect(await txt(receipt.getByTestId('receipt-member'))).toBe(`${member.name} (${member.cif})`);
    expect(await txt(receipt.getByTestId('receipt-account'))).toBe(`${ss.accountNumber} · ${ss.productName}`);
    expect(await txt(receipt.getByTestId('receipt-amount'))).toBe('Rp 100.000');
    expect(await txt(receipt.getByTestId('receipt-words'))).toBe('Terbilang: Seratus ribu rupiah');
    expect(await txt(receipt.getByTestId('receipt-balance'))).toBe(rp(ss.balance + DEPOSIT - WITHDRAWAL));
    expect(await txt(receipt.getByTestId('receipt-cash'))).toBe('10103 Kas Teller');
    expect(await txt(receipt.getByTestId('receipt-teller'))).toBe(TELLER.name);
    expect(await txt(receipt.getByTestId('receipt-journal'))).toMatch(/^JU\/\d{4}\/\d{6}$/);
    expect(await txt(receipt.getByTestId('receipt-date'))).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} WIB$/);
    expect(await txt(receipt.getByTestId('receipt-signatures'))).toContain(member.name);
    // The view opened the print dialog once the receipt had loaded.
    await expect.poll(() => receipt.evaluate(() => (window as unknown as { __printed: number }).__printed)).toBe(1);
    await screenshot(receipt, 'savings-receipt-a5');

    // The thermal roll: same receipt, no signature block, its own page size.
    await receipt.getByTestId('paper-80mm').click();
    await expect.poll(async () => receipt.getByTestId('receipt').getAttribute('data-paper')).toBe('80MM');
    expect(await txt(receipt.getByTestId('receipt-amount'))).toBe('Rp 100.000');
    expect(await receipt.getByTestId('receipt-signatures').count()).toBe(0);
    const pageRule = await receipt.evaluate(() =>
      [...document.styleSheets]
        .flatMap((s) => [...s.cssRules])
        .filter((r) => r.cssText.startsWith('@page'))
        .map((r) => r.cssText)
        .join(' '),
    );
    // A page of the roll as long as the receipt.
    const length = Number(/size: 80mm (\d+)mm/.exec(pageRule)?.[1]);
    const measured = await receipt.getByTestId('receipt').evaluate((el) => (el.getBoundingClientRect().height * 25.4) / 96);
    expect(length).toBeGreaterThanOrEqual(Math.ceil(measured));
    expect(length).toBeLessThan(measured + 20);
    await receipt.getByTestId('receipt-print').click();
    await expect.poll(() => receipt.evaluate(() => (window as unknown as { __printed: number }).__printed)).toBe(2);
    await screenshot(receipt, 'savings-receipt-80mm');
    await receipt.close();
    await page.getByTestId('posting-close').click();
  });

  it('transfers to the member’s plan saving', async () => {
    await row(ss).getByTestId('action-transfer').click();
    await page.getByTestId('transfer-dialog').waitFor();
    // The destination has the focus with the member's other accounts listed (ArrowDown opens the list if closed).
    await expect.poll(() => page.getByTestId('transfer-to').evaluate((el) => el === document.activeElement)).toBe(true);
    if ((await page.getByTestId('destination-option').count()) === 0) await page.keyboard.press('ArrowDown');
    await page.getByTestId('destination-option').filter({ hasText: tp.accountNumber }).click();
    await page.locator('input[name="amount"]').fill(String(TRANSFER));
    await page.getByTestId('posting-continue').click();
    expect(await txt(page.getByTestId('summary-after'))).toBe(rp(ss.balance + DEPOSIT - WITHDRAWAL - TRANSFER));
    expect(await txt(page.getByTestId('summary-to-after'))).toBe(rp(tp.balance + TRANSFER));
    await page.getByTestId('posting-confirm').click();
    await page.getByTestId('posting-done').waitFor();
    expect(await txt(page.getByTestId('done-balance'))).toBe(rp(ss.balance + DEPOSIT - WITHDRAWAL - TRANSFER));
    expect(await txt(page.getByTestId('done-to-balance'))).toBe(rp(tp.balance + TRANSFER));
    await page.getByTestId('posting-close').click();
    await expect.poll(() => txt(row(tp).getByTestId('account-balance'))).toBe(rp(tp.balance + TRANSFER));
  });

  it('cancels the withdrawal once the role may cancel (hidden before)', async () => {
    await page.goto(url(`/transactions/history/${withdrawalId}`));
    await page.getByTestId('tx-card').waitFor();
    expect(await txt(page.getByTestId('tx-amount'))).toBe('-Rp 100.000');
    expect(await page.getByTestId('tx-cancel').count()).toBe(0);

    // A supervisor gives the TELLER role the right to cancel; the teller's next page load reads it.
    const admin = await apiToken(DEMO.email);
    await api(admin, '/api/role', { method: 'PATCH', body: { id: tellerRoleId, canCancelTransaction: true } });
    await page.reload();
    await page.getByTestId('tx-cancel').click();
    await page.getByTestId('cancel-dialog').waitFor();
    await page.getByTestId('cancel-confirm').click();
    await page.getByTestId('cancel-dialog').getByText('Alasan wajib diisi').waitFor();
    await page.getByTestId('cancel-reason').fill('Anggota membatalkan penarikan (uji e2e)');
    await page.getByTestId('cancel-confirm').click();
    const result = await txt(page.getByTestId('cancel-result'));
    expect(result).toMatch(/jurnal pembalik JU\/\d{4}\/\d{6}/);
    await expect.poll(() => txt(page.getByTestId('tx-status').first())).toBe('Dibatalkan');
    expect(await txt(page.getByTestId('tx-cancel-reason'))).toBe('Anggota membatalkan penarikan (uji e2e)');
    expect(await page.getByTestId('tx-cancel').count()).toBe(0);
    await screenshot(page, 'savings-cancelled');
  });

  it('shows every running balance in the account’s mutations', async () => {
    await page.goto(url(`/transactions/savings/accounts/${ss.id}`));
    await page.getByTestId('mutation-table').waitFor();
    const final = ss.balance + DEPOSIT - TRANSFER;
    expect(await txt(page.getByTestId('account-balance'))).toBe(rp(final));
    const balances = await page.getByTestId('mutation-balance').allTextContents();
    // Newest first: the reversal, the transfer, the (cancelled) withdrawal, the deposit.
    expect(balances.slice(0, 4).map((b) => b.replace(/\s+/g, ' ').trim())).toEqual([
      rp(final),
      rp(ss.balance + DEPOSIT - WITHDRAWAL - TRANSFER),
      rp(ss.balance + DEPOSIT - WITHDRAWAL),
      rp(ss.balance + DEPOSIT),
    ]);
    expect(await txt(page.getByTestId('mutation-row').nth(2))).toContain('Dibatalkan');
  });

  it('moves the cash and the savings control accounts on the balance sheet by exactly what was posted', async () => {
    const after = await balanceSheetFigures([CASH, VOLUNTARY, PLAN]);
    // Deposit in, withdrawal out and back (cancelled); the transfer moves between the two saving products.
    expect(after[CASH]! - before[CASH]!).toBe(DEPOSIT);
    expect(after[VOLUNTARY]! - before[VOLUNTARY]!).toBe(DEPOSIT - TRANSFER);
    expect(after[PLAN]! - before[PLAN]!).toBe(TRANSFER);
    await screenshot(page, 'savings-balance-sheet');
  });

  it('lists the auto-debit accounts filtered and paged by the server, with their source of fund', async () => {
    // A supervisor makes the member's voluntary saving the source of fund and puts the mandatory saving on auto debit.
    const admin = await apiToken(DEMO.email);
    const wajib = (await api<{ content: Account[] }>(admin, `/api/transaction/saving/datatable?memberId=${member.id}&savingType=MANDATORY`))
      .content[0]!;
    await api(admin, `/api/member/${member.id}/source-of-fund`, { method: 'PATCH', body: { memberSavingId: ss.id } });
    await api(admin, `/api/member/${wajib.id}/saving-auto-debit?isAutoDebit=true`, { method: 'PATCH' });
    const all = await api<{ totalElements: number }>(admin, '/api/transaction/saving/datatable?isAutoDebit=true&status=ACTIVE&limit=1');

    // One server page of auto-debit accounts (never every account of the cooperative).
    const listed = page.waitForResponse((r) => {
      const u = new URL(r.url());
      return u.pathname === '/api/transaction/saving/datatable' && u.searchParams.get('isAutoDebit') === 'true';
    });
    await page.goto(url('/transactions/auto-debit'));
    const first = new URL((await listed).url()).searchParams;
    expect([first.get('status'), first.get('limit'), first.get('sortBy')]).toEqual(['ACTIVE', '25', 'member_name']);
    await expect.poll(() => txt(page.getByTestId('auto-debit-count'))).toBe(`${all.totalElements} rekening auto debet`);

    await page.getByTestId('table-search').fill(member.cif);
    const mine = page.getByTestId('auto-debit-row').filter({ hasText: wajib.accountNumber });
    await mine.waitFor();
    expect(await txt(mine)).toContain(ss.accountNumber);
    expect(await txt(mine.getByTestId('auto-debit-state'))).toBe('Siap didebet');
    await screenshot(page, 'savings-auto-debit');

    // The saving type filter goes to the server too: the member has no plan saving on auto debit.
    await page.getByRole('combobox', { name: 'Jenis simpanan' }).click();
    await page.getByRole('option', { name: 'Simpanan Berencana' }).click();
    await page.getByTestId('empty-noRecord').waitFor();
    expect(await page.getByTestId('auto-debit-row').count()).toBe(0);
  });

  it('shows an agent allowed to close accounts the closing fee, without giving them the product menu', async () => {
    // The cooperative lets its agents close accounts (member_transaction:update); AGENT keeps no product:view.
    const admin = await apiToken(DEMO.email);
    const roles = await api<Array<{ id: string; code: string | null }>>(admin, '/api/role/all-role');
    const role = await api<{ id: string; permissions: Record<string, { view: boolean }> }>(
      admin,
      `/api/role/${roles.find((r) => r.code === 'AGENT')!.id}/detail`,
    );
    expect(role.permissions.product?.view).toBe(false);
    agentRole = { id: role.id, permissions: role.permissions };
    const mt = { view: true, add: true, update: true, delete: false };
    await api(admin, '/api/role', { method: 'PATCH', body: { id: role.id, permissions: { ...role.permissions, member_transaction: mt } } });

    // An open voluntary or plan saving of one of the agent's members, preferring a product with a closing fee
    // (Tabungan Pendidikan has one in the demo), and that product's fee in force as the admin reads it.
    const agentToken = await apiToken(AGENT.email);
    const mine = (
      await api<{ content: Account[] }>(agentToken, '/api/transaction/saving/datatable?kind=SAVING&status=ACTIVE&limit=200')
    ).content.filter((a) => !a.isBlocked && a.balance > 0);
    const fees = new Map<string, number>();
    for (const id of new Set(mine.map((a) => a.productId))) {
      const product = await api<{ terms: { closingFee: number | null } }>(admin, `/api/product/${id}/detail`);
      fees.set(id, product.terms.closingFee ?? 0);
    }
    const acc = mine.find((a) => fees.get(a.productId)! > 0) ?? mine[0];
    if (!acc) throw new Error('no open saving among the demo agent’s members');
    const fee = Math.min(fees.get(acc.productId)!, acc.balance);

    const agentPage = await newPage();
    const productCalls: string[] = [];
    agentPage.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/product/')) productCalls.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await signIn(agentPage, AGENT.email, AGENT.password);
    await agentPage.goto(url(`/transactions/savings?memberId=${acc.memberId}`));
    const accRow = agentPage.locator(`[data-account="${acc.accountNumber}"]`);
    await accRow.getByTestId('action-more').click();
    await agentPage.getByTestId('menu-close').click();
    await agentPage.getByTestId('close-dialog').waitFor();
    await expect.poll(() => txt(agentPage.getByTestId('close-fee'))).toBe(rp(fee));
    expect(await txt(agentPage.getByTestId('close-payout'))).toBe(rp(acc.balance - fee));
    expect(await agentPage.getByText('Biaya penutupan produk tidak dapat dimuat').count()).toBe(0);
    expect(productCalls).toEqual(['200 /api/product/SAVING/categories']);
    await screenshot(agentPage, 'savings-close-agent', { fullPage: false });
    // Not closed: the dialog is left.
    await agentPage.keyboard.press('Escape');
    await agentPage.getByTestId('close-dialog').waitFor({ state: 'detached' });
  });

  it('names each approval tab in its header, and warns an approver whose own limit the amount exceeds', async () => {
    // Withdrawals above the limit wait for approval; the TELLER role's limit is lowered to Rp 50.000.
    const admin = await apiToken(DEMO.email);
    savedPolicy = (await api<{ transactionPolicy: Record<string, unknown> }>(admin, '/api/configuration?key=transactionPolicy'))
      .transactionPolicy;
    await api(admin, '/api/configuration', { method: 'POST', body: { transactionPolicy: { withdrawalAboveLimit: 'REQUEST_APPROVAL' } } });
    await api(admin, '/api/role', { method: 'PATCH', body: { id: tellerRoleId, savingWithdrawalLimit: 50_000 } });
    const queued = await api<{ status: string; request: { id: string } }>(await apiToken(TELLER.email), '/api/transaction/withdraw', {
      method: 'POST',
      body: { memberSavingId: ss.id, amount: 75_000 },
    });
    expect(queued.status).toBe('WAITING_APPROVAL');

    // Each tab's header names it.
    await page.goto(url('/transactions/online-requests'));
    await expect.poll(() => txt(page.getByTestId('page-title'))).toBe('Pengajuan Penarikan Online');
    await page.getByTestId('tab-openings').click();
    await expect.poll(() => txt(page.getByTestId('page-title'))).toBe('Pembukaan Rekening Menunggu Persetujuan');
    await page.getByTestId('tab-withdrawals').click();
    await expect.poll(() => txt(page.getByTestId('page-title'))).toBe('Penarikan Menunggu Persetujuan');

    // The teller's own limit (Rp 50.000) is below the request: warned before approving.
    await page.locator('.MuiDataGrid-row').filter({ hasText: member.name }).filter({ hasText: 'Rp 75.000' }).click();
    await page.getByTestId('request-dialog').waitFor();
    expect(await txt(page.getByTestId('warn-approver-limit'))).toContain(
      'Nominal Rp 75.000 melebihi batas penarikan role Anda, TELLER (Rp 50.000)',
    );
    await screenshot(page, 'savings-approval-over-limit', { fullPage: false });
    // The server stays the authority: approving is sent and refused, naming the limit.
    await page.getByTestId('request-approve').click();
    await page.getByTestId('request-confirm').click();
    await expect
      .poll(() => txt(page.getByTestId('posting-error')))
      .toBe('Nominal Rp 75.000 melebihi batas penarikan simpanan role TELLER sebesar Rp 50.000');
    // Rejecting is not limited (and leaves the demo as it was).
    await page.getByRole('button', { name: 'Kembali' }).click();
    await page.getByTestId('request-reject').click();
    expect(await page.getByTestId('warn-approver-limit').count()).toBe(0);
    await page.getByTestId('reject-reason').fill('Di atas batas penyetuju (uji e2e)');
    await page.getByTestId('request-confirm').click();
    await page.getByTestId('posting-done').waitFor();
  });
});
