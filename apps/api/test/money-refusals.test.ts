/**
 * One refusal, one message: the SQL core (saving_move / saving_move_many,
 * reached through the by-account and the by-CIF teller routes) and the
 * TypeScript rules (savings.core.ts, used by transfers, closings, requests)
 * answer every movement refusal of modules/money/refusals.ts with the same
 * status, error code, message and field errors. Each refusal is reached once
 * through each route that can reach it (by CIF finds only ACTIVE accounts, so
 * the account-status refusals and an unknown account have no by-CIF route).
 */
import { translate } from '@koperasi/contracts';
import { dec } from '@koperasi/finance';
import { describe, expect, it } from 'vitest';
import type { Ctx } from '../src/lib/context.ts';
import { systemCtx } from '../src/lib/context.ts';
import { AppError } from '../src/lib/errors.ts';
import { REFUSALS, type RefusalCode } from '../src/modules/money/refusals.ts';
import { depositTx, withdrawTx } from '../src/modules/savings/savings.service.ts';
import { body, newTenant, type TestTenant } from './helpers.ts';
import { createActiveMember, createUser } from './members-fixtures.ts';
import { assertReconciled, coaIds, defaultProducts } from './reconcile.ts';

interface Scenario {
  kind: 'TOPUP' | 'WITHDRAW';
  /** The account moved (by-account route and the TypeScript rules). */
  savingId: string;
  /** By-CIF route: the member's CIF and the account's product; none when by CIF cannot reach it. */
  byCif?: { cif: string; productId: string };
  amount: number;
  coaId?: string;
  /** Puts back what the scenario took away (before the books are reconciled). */
  after?: () => Promise<void>;
}

type Setup = (t: TestTenant, f: Fixture) => Promise<Scenario>;

interface Fixture {
  p: Awaited<ReturnType<typeof defaultProducts>>;
  acc: Record<string, string>;
  /** A member with a voluntary account of Rp 100.000 (and its principal and mandatory accounts). */
  member: () => Promise<{ id: string; cif: string; voluntary: string; principal: string; mandatory: string }>;
  owner: (sql: string, params?: unknown[]) => Promise<void>;
}

const SCENARIOS: Record<RefusalCode, Setup> = {
  COA_NOT_FOUND: async (_t, f) => {
    const m = await f.member();
    return {
      kind: 'TOPUP',
      savingId: m.voluntary,
      byCif: { cif: m.cif, productId: f.p.voluntary },
      amount: 1000,
      coaId: crypto.randomUUID(),
    };
  },
  COA_NOT_CASH_BANK: async (_t, f) => {
    const m = await f.member();
    return { kind: 'TOPUP', savingId: m.voluntary, byCif: { cif: m.cif, productId: f.p.voluntary }, amount: 1000, coaId: f.acc['20101'] };
  },
  COA_NOT_POSTABLE: async (t, f) => {
    const m = await f.member();
    await f.owner('UPDATE coa_account SET is_postable = false WHERE tenant_id = $1 AND id = $2', [t.tenantId, f.acc['10102']]);
    return {
      kind: 'WITHDRAW',
      savingId: m.voluntary,
      byCif: { cif: m.cif, productId: f.p.voluntary },
      amount: 1000,
      coaId: f.acc['10102'],
    };
  },
  COA_INACTIVE: async (t, f) => {
    const m = await f.member();
    await f.owner('UPDATE coa_account SET is_active = false WHERE tenant_id = $1 AND id = $2', [t.tenantId, f.acc['10103']]);
    return { kind: 'TOPUP', savingId: m.voluntary, byCif: { cif: m.cif, productId: f.p.voluntary }, amount: 1000, coaId: f.acc['10103'] };
  },
  COA_TAKEN: async (t, f) => {
    const m = await f.member();
    const teller = await createUser(t, { roleCode: 'TELLER' });
    expect((await t.admin.post('/api/users/coa', { userId: teller.id, coaId: f.acc['10104'] })).statusCode).toBe(200);
    return { kind: 'TOPUP', savingId: m.voluntary, byCif: { cif: m.cif, productId: f.p.voluntary }, amount: 1000, coaId: f.acc['10104'] };
  },
  ACCOUNT_NOT_FOUND: async () => ({ kind: 'TOPUP', savingId: crypto.randomUUID(), amount: 1000 }),
  MEMBER_INACTIVE: async (t, f) => {
    const m = await f.member();
    await f.owner(`UPDATE member SET status = 'EXITED', exit_date = CURRENT_DATE WHERE tenant_id = $1 AND id = $2`, [t.tenantId, m.id]);
    return { kind: 'TOPUP', savingId: m.voluntary, byCif: { cif: m.cif, productId: f.p.voluntary }, amount: 1000 };
  },
  MEMBER_NOT_APPROVED: async (t, f) => {
    const m = await f.member();
    await f.owner(`UPDATE member SET member_type = 'PROSPECTIVE', status = 'WAITING_APPROVAL' WHERE tenant_id = $1 AND id = $2`, [
      t.tenantId,
      m.id,
    ]);
    return { kind: 'TOPUP', savingId: m.voluntary, byCif: { cif: m.cif, productId: f.p.voluntary }, amount: 1000 };
  },
  ACCOUNT_PENDING: async (t, f) => {
    const m = await f.member();
    await f.owner(`UPDATE member_saving SET status = 'PENDING' WHERE tenant_id = $1 AND id = $2`, [t.tenantId, m.voluntary]);
    return { kind: 'TOPUP', savingId: m.voluntary, amount: 1000 };
  },
  ACCOUNT_REJECTED: async (t, f) => {
    const m = await f.member();
    await f.owner(`UPDATE member_saving SET status = 'REJECTED' WHERE tenant_id = $1 AND id = $2`, [t.tenantId, m.voluntary]);
    return { kind: 'WITHDRAW', savingId: m.voluntary, amount: 1000 };
  },
  ACCOUNT_CLOSED: async (t, f) => {
    const m = await f.member();
    const closed = await t.admin.post('/api/transaction/close-product-saving', { memberSavingId: m.voluntary });
    expect(closed.statusCode).toBe(200);
    return { kind: 'TOPUP', savingId: m.voluntary, amount: 1000 };
  },
  PRODUCT_GL_MISSING: async (t, f) => {
    const m = await f.member();
    const where = `WHERE tenant_id = '${t.tenantId}' AND product_id = '${f.p.voluntary}' AND role = 'CONTROL'`;
    await f.owner(`DELETE FROM product_gl_account ${where}`);
    return {
      kind: 'TOPUP',
      savingId: m.voluntary,
      byCif: { cif: m.cif, productId: f.p.voluntary },
      amount: 1000,
      after: () =>
        f.owner(`INSERT INTO product_gl_account (tenant_id, product_id, role, coa_id) VALUES ($1, $2, 'CONTROL', $3)`, [
          t.tenantId,
          f.p.voluntary,
          f.acc['20101'],
        ]),
    };
  },
  PRINCIPAL_ALREADY_PAID: async (t, f) => {
    const m = await f.member();
    expect((await t.admin.post('/api/transaction/topup-saving', { memberSavingId: m.principal, amount: 100000 })).statusCode).toBe(200);
    return { kind: 'TOPUP', savingId: m.principal, byCif: { cif: m.cif, productId: f.p.principal }, amount: 1 };
  },
  PRINCIPAL_OVERPAID: async (t, f) => {
    const m = await f.member();
    expect((await t.admin.post('/api/transaction/topup-saving', { memberSavingId: m.principal, amount: 40000.5 })).statusCode).toBe(200);
    return { kind: 'TOPUP', savingId: m.principal, byCif: { cif: m.cif, productId: f.p.principal }, amount: 70000 };
  },
  EQUITY_NOT_WITHDRAWABLE: async (t, f) => {
    const m = await f.member();
    expect((await t.admin.post('/api/transaction/topup-saving', { memberSavingId: m.mandatory, amount: 50000 })).statusCode).toBe(200);
    return { kind: 'WITHDRAW', savingId: m.mandatory, byCif: { cif: m.cif, productId: f.p.mandatory }, amount: 1000 };
  },
  INSUFFICIENT_BALANCE: async (t, f) => {
    const m = await f.member();
    const block = await t.admin.patch(`/api/member/${m.voluntary}/saving-product/blocked`, {
      isBlocked: true,
      amount: 25000.5,
      reason: 'Uji',
    });
    expect(block.statusCode).toBe(200);
    return { kind: 'WITHDRAW', savingId: m.voluntary, byCif: { cif: m.cif, productId: f.p.voluntary }, amount: 80000 };
  },
};

/** What a client sees of an error: status, code, message and field errors (as the envelope writes them). */
function seen(status: number, b: any) {
  return { status, errorCode: b.errorCode, message: b.message, fields: b.data?.fields ?? null };
}

function seenOf(err: unknown, lang: 'id' | 'en') {
  if (!(err instanceof AppError)) throw err;
  const message = translate(err.messageKey, lang, err.params as Record<string, string>);
  return {
    status: err.statusCode,
    errorCode: err.errorCode,
    message,
    fields: err.fields?.length ? err.fields.map((f) => ({ field: f.field, message })) : null,
  };
}

describe('movement refusals: the SQL core and the TypeScript rules agree', () => {
  it.each(Object.keys(REFUSALS) as RefusalCode[])('%s reads the same through every route', async (code) => {
    const t = await newTenant();
    const p = await defaultProducts(t.tenantId);
    const acc = await coaIds(t.tenantId);
    const f: Fixture = {
      p,
      acc,
      owner: async (sql, params) => {
        await t.app.db.owner((tx) => tx.exec(sql, params));
      },
      member: async () => {
        const m = await createActiveMember(t.admin, { fullName: 'Rina Refusal' });
        const open = await t.admin.post('/api/transaction/request-open-product-member', {
          memberId: m.id,
          productId: p.voluntary,
          initialDeposit: 100000,
        });
        expect(open.statusCode, open.body).toBe(200);
        const list = body<any>(await t.admin.get(`/api/member/${m.id}/saving-product`)).data.accounts as Array<{
          id: string;
          savingType: string;
        }>;
        const of = (type: string) => list.find((a) => a.savingType === type)!.id;
        return { id: m.id, cif: m.cifNumber, voluntary: of('VOLUNTARY'), principal: of('PRINCIPAL'), mandatory: of('MANDATORY') };
      },
    };
    const s = await SCENARIOS[code](t, f);
    for (const lang of ['id', 'en'] as const) {
      const h = { 'accept-language': lang };
      // The SQL core, by account (the batch, then saving_move alone).
      const byAccount = await t.admin.post(
        s.kind === 'TOPUP' ? '/api/transaction/topup-saving' : '/api/transaction/withdraw',
        { memberSavingId: s.savingId, amount: s.amount, coaId: s.coaId },
        h,
      );
      const sql = seen(byAccount.statusCode, body(byAccount));
      expect(sql.errorCode).toBe(REFUSALS[code].status === 404 && code === 'ACCOUNT_NOT_FOUND' ? 'NOT_FOUND' : code);
      expect(sql.status).toBe(REFUSALS[code].status);
      // The SQL core, by CIF (the account found in the batch's statement).
      if (s.byCif) {
        const byCif = await t.admin.post(
          s.kind === 'TOPUP'
            ? '/api/transaction/topup-saving-by-cif-product-kas-bank'
            : '/api/transaction/withdraw-saving-by-cif-product-kas-bank',
          { ...s.byCif, amount: s.amount, coaId: s.coaId },
          h,
        );
        expect(seen(byCif.statusCode, body(byCif))).toEqual(sql);
      }
      // The TypeScript rules on the same state.
      const ctx: Ctx = systemCtx(t.app.db, t.tenantId, { userId: t.adminUserId, lang });
      const input = { savingId: s.savingId, amount: dec(s.amount), coaId: s.coaId };
      const ts = await t.app.db
        .tenant(t.tenantId, (tx) => (s.kind === 'TOPUP' ? depositTx(tx, ctx, input) : withdrawTx(tx, ctx, input)))
        .then(
          () => null,
          (err) => seenOf(err, lang),
        );
      expect(ts).toEqual(sql);
    }
    await s.after?.();
    await assertReconciled(t.tenantId);
  });
});
