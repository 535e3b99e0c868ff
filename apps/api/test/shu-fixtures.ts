/**
 * The SHU test fixture (docs/shu.md): three members, equity and voluntary savings dated in 2025, a 2025 surplus of
 * 8.000.000 (income 10.000.000 − expenses 2.000.000). The worked figures are in shu.test.ts.
 */
import { dec } from '@koperasi/finance';
import { expect } from 'vitest';
import { move, postGroup } from '../src/modules/savings/savings.core.ts';
import { lockAccounts } from '../src/modules/savings/savings.repo.ts';
import { body } from './helpers.ts';
import { data, jbody, type LedgerTenant, ledgerTenant } from './ledger-helpers.ts';
import { createActiveMember } from './members-fixtures.ts';
import { defaultProducts } from './reconcile.ts';

export const Y = 2025;
export const SHARES = {
  RESERVE: 40,
  MEMBER_EQUITY: 20,
  MEMBER_TRANSACTION: 25,
  MANAGEMENT: 5,
  EMPLOYEE: 5,
  EDUCATION: 2.5,
  SOCIAL: 2.5,
  OTHER: 0,
};

export async function accounts(t: LedgerTenant, memberId: string) {
  const res = await t.admin.get(`/api/member/${memberId}/saving-product`);
  const list = body<any>(res).data.accounts as Array<{ id: string; savingType: string; balance: number }>;
  return Object.fromEntries(list.map((a) => [a.savingType, a]));
}

/** A deposit dated in the past, through the savings movement primitives (the teller API dates today). */
export async function backdated(t: LedgerTenant, savingId: string, amount: number, date: string) {
  await t.tx(async (tx) => {
    const a = (await lockAccounts(tx, [savingId], date, null)).get(savingId)!;
    const groupId = crypto.randomUUID();
    const journalId = crypto.randomUUID();
    await move(tx, t.ctx, a, {
      kind: 'TOPUP',
      activity: 'DEPOSIT',
      amount: dec(amount),
      date,
      channel: 'SYSTEM',
      cashCoaId: t.acc['10101'],
      groupId,
      description: 'Setoran uji',
      journalId,
    });
    await postGroup(tx, t.ctx, {
      groupId,
      journalId,
      date,
      description: 'Setoran uji',
      referenceCode: 'UJI',
      lines: [
        { accountId: t.acc['10101'], debit: amount },
        { accountId: a.control_id!, credit: amount },
      ],
    });
  });
}

export async function openVoluntary(t: LedgerTenant, memberId: string, productId: string) {
  const res = await t.admin.post('/api/transaction/request-open-product-member', { memberId, productId });
  expect(res.statusCode, res.body).toBe(200);
  return body<any>(res).data.account as { id: string };
}

export async function fixture() {
  const t = await ledgerTenant();
  const p = await defaultProducts(t.tenantId);
  const [a, b, c] = [
    await createActiveMember(t.admin, { fullName: 'Ani Lestari' }),
    await createActiveMember(t.admin, { fullName: 'Budi Santoso' }),
    await createActiveMember(t.admin, { fullName: 'Citra Dewi' }),
  ];
  const eq = [await accounts(t, a.id), await accounts(t, b.id), await accounts(t, c.id)];
  for (const [i, wajib] of [300_000, 200_000, 100_000].entries()) {
    await backdated(t, eq[i].PRINCIPAL.id, 100_000, `${Y}-01-15`);
    await backdated(t, eq[i].MANDATORY.id, wajib, `${Y}-03-10`);
  }
  const va = await openVoluntary(t, a.id, p.voluntary);
  const vb = await openVoluntary(t, b.id, p.voluntary);
  await backdated(t, va.id, 1_000_000, `${Y}-07-02`);
  await backdated(t, vb.id, 1_000_000, `${Y}-01-01`);
  // Paid in 2026: not in the 2025 year-end basis.
  const late = await t.admin.post('/api/transaction/topup-saving', { memberSavingId: eq[0].MANDATORY.id, amount: 50_000 });
  expect(late.statusCode, late.body).toBe(200);
  for (const [date, lines] of [
    [
      `${Y}-06-30`,
      [
        ['10101', 10_000_000, 0],
        ['40302', 0, 10_000_000],
      ],
    ],
    [
      `${Y}-09-30`,
      [
        ['50201', 2_000_000, 0],
        ['10101', 0, 2_000_000],
      ],
    ],
  ] as const) {
    const res = await t.admin.post('/api/journal-manual', jbody(t, date, lines.map((l) => [...l]) as Array<[string, number, number]>));
    expect(res.statusCode, res.body).toBe(200);
  }
  return { t, p, a, b, c, va, vb };
}

export async function closeYear(t: LedgerTenant) {
  const res = await t.admin.post('/api/ledger/fiscal-year/close', { year: Y });
  expect(res.statusCode, res.body).toBe(200);
  expect(data(res).surplus).toBe(8_000_000);
}

export async function saveSettings(t: LedgerTenant, over: Record<string, unknown> = {}) {
  return t.admin.post('/api/shu/settings', { year: Y, shares: SHARES, transactionBasis: 'SAVING_AVERAGE_BALANCE', ...over });
}

export async function balanceOf(t: LedgerTenant, savingId: string) {
  return t.tx(async (tx) => (await tx.one<{ b: string }>('SELECT balance::text AS b FROM member_saving WHERE id = $1', [savingId]))!.b);
}

export async function shuJournalCount(t: LedgerTenant) {
  return t.tx(async (tx) => (await tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM journal WHERE source_module = 'SHU'`))!.n);
}
