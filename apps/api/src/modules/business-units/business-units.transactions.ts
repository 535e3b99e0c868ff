/**
 * Business-unit transactions (Transaksi Unit Usaha) and members' debts to a unit.
 *
 * Every transaction posts one balanced journal on the unit's accounts, tagged
 * with the unit, in the same transaction as the rows it changes; the unit row
 * is locked first, then the member's debt row (fixed order). Journals:
 *  - SALE_CREDIT: receivable / revenue, and the member's debt grows;
 *  - SALE_CASH: cash / revenue;
 *  - PURCHASE: inventory / cash;
 *  - STOCK_LOSS: inventory loss / inventory;
 *  - DEBT_PAYMENT (cash): cash / receivable, the debt shrinks (never below 0);
 *    a payment is cancelled by reversing its journal (the debt grows back).
 * So the sum of the unit's debts always equals what its transactions put on
 * the receivable account.
 */

import type { Dec } from '@koperasi/finance';
import { dec, formatRupiah } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { likePattern, orderBy, paged } from '../../lib/http.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { findJournal } from '../ledger/ledger.repo.ts';
import { type JournalLineInput, post, reverse } from '../ledger/posting.ts';
import { type BusinessUnitRow, findUnit } from './business-units.repo.ts';

const MODULE = 'BUSINESS_UNIT';

async function lockUnit(tx: Tx, id: string): Promise<BusinessUnitRow> {
  const u = await findUnit(tx, id, true);
  if (!u) throw notFound('business_unit.not_found');
  if (u.status !== 'ACTIVE') throw unprocessable('BUSINESS_UNIT_INACTIVE', 'business_unit.inactive', { name: u.name });
  return u;
}

async function memberExists(tx: Tx, id: string): Promise<boolean> {
  return Boolean(await tx.one('SELECT 1 FROM member WHERE tenant_id = $1 AND id = $2', [tx.tenantId, id]));
}

/** The member's debt row to the unit, locked (created at 0 when `create`). */
async function lockDebt(tx: Tx, unitId: string, memberId: string, create: boolean): Promise<Dec | null> {
  if (create) {
    await tx.exec('INSERT INTO business_unit_debt (tenant_id, business_unit_id, member_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      tx.tenantId,
      unitId,
      memberId,
    ]);
  }
  const r = await tx.one<{ balance: Dec }>(
    'SELECT balance FROM business_unit_debt WHERE tenant_id = $1 AND business_unit_id = $2 AND member_id = $3 FOR UPDATE',
    [tx.tenantId, unitId, memberId],
  );
  return r ? dec(r.balance) : null;
}

async function addDebt(tx: Tx, unitId: string, memberId: string, delta: Dec) {
  await tx.exec('UPDATE business_unit_debt SET balance = balance + $4 WHERE tenant_id = $1 AND business_unit_id = $2 AND member_id = $3', [
    tx.tenantId,
    unitId,
    memberId,
    delta.toFixed(2),
  ]);
}

const LABEL: Record<string, string> = {
  SALE_CREDIT: 'Penjualan kredit',
  SALE_CASH: 'Penjualan tunai',
  PURCHASE: 'Pembelian',
  STOCK_LOSS: 'Kerugian persediaan',
  DEBT_PAYMENT: 'Pembayaran utang',
};

function linesOf(u: BusinessUnitRow, kind: string, amount: Dec): JournalLineInput[] {
  const [debit, credit] = (
    {
      SALE_CREDIT: [u.receivable_account_id, u.revenue_account_id],
      SALE_CASH: [u.cash_account_id, u.revenue_account_id],
      PURCHASE: [u.inventory_account_id, u.cash_account_id],
      STOCK_LOSS: [u.inventory_loss_account_id, u.inventory_account_id],
      DEBT_PAYMENT: [u.cash_account_id, u.receivable_account_id],
    } as Record<string, [string, string]>
  )[kind];
  return [
    { accountId: debit, debit: amount, businessUnitId: u.id },
    { accountId: credit, credit: amount, businessUnitId: u.id },
  ];
}

async function record(
  tx: Tx,
  ctx: Ctx,
  u: BusinessUnitRow,
  t: { kind: string; memberId: string | null; amount: Dec; date: string; description: string | null; source: string | null },
) {
  const id = crypto.randomUUID();
  const journal = await post(tx, ctx, {
    date: t.date,
    description: `${LABEL[t.kind]} ${u.name}${t.description ? `: ${t.description}` : ''}`,
    source: { module: MODULE, id },
    lines: linesOf(u, t.kind, t.amount),
  });
  await tx.exec(
    `INSERT INTO business_unit_transaction (tenant_id, id, business_unit_id, kind, member_id, amount, date, description, payment_source, journal_id, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [tx.tenantId, id, u.id, t.kind, t.memberId, t.amount.toFixed(2), t.date, t.description, t.source, journal.id, ctx.userId],
  );
  const view = await transactionView(tx, id);
  await audit(tx, ctx, { action: `business_unit.${t.kind.toLowerCase()}`, entity: 'business_unit_transaction', entityId: id, after: view });
  return view;
}

export async function createTransaction(
  ctx: Ctx,
  b: { businessUnitId: string; kind: string; memberId?: string; amount: number | string; date?: string; description?: string },
) {
  return withTx(
    ctx,
    async (tx) => {
      const u = await lockUnit(tx, b.businessUnitId);
      const amount = dec(b.amount);
      let memberId: string | null = null;
      if (b.kind === 'SALE_CREDIT' || b.memberId) {
        if (!b.memberId) throw unprocessable('MEMBER_REQUIRED', 'business_unit.member_required');
        if (!(await memberExists(tx, b.memberId))) throw notFound('business_unit.member_not_found');
        memberId = b.memberId;
      }
      if (b.kind === 'SALE_CREDIT') {
        await lockDebt(tx, u.id, memberId!, true);
        await addDebt(tx, u.id, memberId!, amount);
      }
      return record(tx, ctx, u, {
        kind: b.kind,
        memberId,
        amount,
        date: b.date ?? todayJakarta(),
        description: b.description ?? null,
        source: null,
      });
    },
    { idempotent: true, message: 'business_unit.transaction_posted' },
  );
}

export async function payDebt(
  ctx: Ctx,
  b: { businessUnitId: string; memberId: string; amount: number | string; source: string; date?: string; description?: string },
) {
  return withTx(
    ctx,
    async (tx) => {
      const u = await lockUnit(tx, b.businessUnitId);
      const amount = dec(b.amount);
      const debt = await lockDebt(tx, u.id, b.memberId, false);
      if (debt === null || debt.isZero()) throw notFound('business_unit.debt_not_found');
      if (amount.gt(debt))
        throw unprocessable('PAYMENT_EXCEEDS_DEBT', 'business_unit.payment_exceeds_debt', {
          amount: formatRupiah(amount, ctx.lang),
          debt: formatRupiah(debt, ctx.lang),
        });
      await addDebt(tx, u.id, b.memberId, amount.neg());
      return record(tx, ctx, u, {
        kind: 'DEBT_PAYMENT',
        memberId: b.memberId,
        amount,
        date: b.date ?? todayJakarta(),
        description: b.description ?? null,
        source: b.source,
      });
    },
    { idempotent: true, message: 'business_unit.payment_posted' },
  );
}

export async function cancelPayment(ctx: Ctx, id: string, reason: string) {
  return withTx(
    ctx,
    async (tx) => {
      const head = await tx.one<{ business_unit_id: string }>(
        'SELECT business_unit_id FROM business_unit_transaction WHERE tenant_id = $1 AND id = $2',
        [tx.tenantId, id],
      );
      if (!head) throw notFound('business_unit.transaction_not_found');
      const u = await findUnit(tx, head.business_unit_id, true);
      const t = await tx.one<{ kind: string; status: string; member_id: string; amount: Dec; journal_id: string }>(
        'SELECT kind, status, member_id, amount, journal_id FROM business_unit_transaction WHERE tenant_id = $1 AND id = $2 FOR UPDATE',
        [tx.tenantId, id],
      );
      if (!u || !t) throw notFound('business_unit.transaction_not_found');
      if (t.kind !== 'DEBT_PAYMENT') throw unprocessable('NOT_A_PAYMENT', 'business_unit.not_a_payment');
      if (t.status === 'CANCELLED') throw conflict('PAYMENT_ALREADY_CANCELLED', 'business_unit.already_cancelled');
      const before = await transactionView(tx, id);
      await lockDebt(tx, u.id, t.member_id, true);
      await addDebt(tx, u.id, t.member_id, dec(t.amount));
      const reversal = await reverse(tx, ctx, t.journal_id, reason);
      await tx.exec(
        `UPDATE business_unit_transaction SET status = 'CANCELLED', cancel_journal_id = $3, cancel_reason = $4 WHERE tenant_id = $1 AND id = $2`,
        [tx.tenantId, id, reversal.id, reason],
      );
      const after = await transactionView(tx, id);
      await audit(tx, ctx, { action: 'business_unit.payment_cancel', entity: 'business_unit_transaction', entityId: id, before, after });
      return after;
    },
    { idempotent: true, message: 'business_unit.payment_cancelled' },
  );
}

const TX_SELECT = `SELECT t.id, t.business_unit_id, u.name AS business_unit_name, t.kind, t.member_id, m.full_name AS member_name,
    m.cif_number, t.amount, t.date, t.description, t.payment_source, t.journal_id, t.status, t.cancel_journal_id, t.cancel_reason,
    t.created_date, j.number AS journal_number
  FROM business_unit_transaction t
  LEFT JOIN journal j ON j.tenant_id = t.tenant_id AND j.id = t.journal_id
  JOIN business_unit u ON u.tenant_id = t.tenant_id AND u.id = t.business_unit_id
  LEFT JOIN member m ON m.tenant_id = t.tenant_id AND m.id = t.member_id`;

interface TxRow {
  id: string;
  business_unit_id: string;
  business_unit_name: string;
  kind: string;
  member_id: string | null;
  member_name: string | null;
  cif_number: string | null;
  amount: Dec;
  date: string;
  description: string | null;
  payment_source: string | null;
  journal_id: string;
  status: string;
  cancel_journal_id: string | null;
  cancel_reason: string | null;
  created_date: Date;
  journal_number: string | null;
}

function txOut(r: TxRow) {
  return {
    id: r.id,
    businessUnitId: r.business_unit_id,
    businessUnitName: r.business_unit_name,
    kind: r.kind,
    memberId: r.member_id,
    memberName: r.member_name,
    cifNumber: r.cif_number,
    amount: dec(r.amount),
    date: r.date,
    description: r.description,
    paymentSource: r.payment_source,
    journalId: r.journal_id,
    journalNumber: r.journal_number,
    status: r.status,
    cancelJournalId: r.cancel_journal_id,
    cancelReason: r.cancel_reason,
    createdDate: r.created_date,
  };
}

/** One transaction with its journal and, when cancelled, the reversal (detail-journal-transaction-business-unit). */
export async function transactionJournals(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => {
    const r = await tx.one<TxRow>(`${TX_SELECT} WHERE t.tenant_id = $1 AND t.id = $2`, [tx.tenantId, id]);
    if (!r) throw notFound('business_unit.transaction_not_found');
    return {
      transaction: txOut(r),
      journal: (await findJournal(tx, r.journal_id)) ?? null,
      cancelJournal: r.cancel_journal_id ? ((await findJournal(tx, r.cancel_journal_id)) ?? null) : null,
    };
  });
}

async function transactionView(tx: Tx, id: string) {
  const r = await tx.one<TxRow>(`${TX_SELECT} WHERE t.tenant_id = $1 AND t.id = $2`, [tx.tenantId, id]);
  return txOut(r!);
}

type ListQ = { page: number; limit: number; search?: string; sortBy?: string; ascOrDesc: 'ASC' | 'DESC' };

/** Transactions (datatable-detail; mutation-debt is the member's credit sales and payments). */
export async function listTransactions(
  ctx: Ctx,
  q: ListQ & { businessUnitId?: string; memberId?: string; kind?: string },
  debtOnly = false,
) {
  return withTx(ctx, async (tx) => {
    const where = ['t.tenant_id = $1'];
    const params: unknown[] = [ctx.tenantId];
    const add = (cond: string, v: unknown) => {
      params.push(v);
      where.push(cond.replace('?', `$${params.length}`));
    };
    if (q.businessUnitId) add('t.business_unit_id = ?', q.businessUnitId);
    if (q.memberId) add('t.member_id = ?', q.memberId);
    if (q.kind) add('t.kind = ?', q.kind);
    if (debtOnly) where.push(`t.kind IN ('SALE_CREDIT', 'DEBT_PAYMENT')`);
    if (q.search)
      add('(m.full_name ILIKE ? OR m.cif_number ILIKE ? OR t.description ILIKE ?)'.replaceAll('?', '$S'), likePattern(q.search));
    const sql = where.join(' AND ').replaceAll('$S', () => `$${params.length}`);
    const total = await tx.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM business_unit_transaction t LEFT JOIN member m ON m.tenant_id = t.tenant_id AND m.id = t.member_id WHERE ${sql}`,
      params,
    );
    const order = orderBy(
      q.sortBy,
      q.ascOrDesc,
      { created_date: 't.created_date', date: 't.date', amount: 't.amount' },
      'created_date',
      't.id',
    );
    params.push(q.limit, q.page * q.limit);
    const rows = await tx.query<TxRow>(`${TX_SELECT} WHERE ${sql} ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`, params);
    return paged(rows.map(txOut), total?.n ?? 0, q.page, q.limit);
  });
}

/** Members' debts per unit (datatable-summary and report/debt). */
export async function listDebts(ctx: Ctx, q: ListQ & { businessUnitId?: string }) {
  return withTx(ctx, async (tx) => {
    const where = ['d.tenant_id = $1', 'd.balance > 0'];
    const params: unknown[] = [ctx.tenantId];
    if (q.businessUnitId) {
      params.push(q.businessUnitId);
      where.push(`d.business_unit_id = $${params.length}`);
    }
    if (q.search) {
      params.push(likePattern(q.search));
      where.push(`(m.full_name ILIKE $${params.length} OR m.cif_number ILIKE $${params.length})`);
    }
    const from = `FROM business_unit_debt d JOIN member m ON m.tenant_id = d.tenant_id AND m.id = d.member_id
      JOIN business_unit u ON u.tenant_id = d.tenant_id AND u.id = d.business_unit_id WHERE ${where.join(' AND ')}`;
    const total = await tx.one<{ n: number; sum: Dec }>(`SELECT count(*)::int AS n, coalesce(sum(d.balance), 0) AS sum ${from}`, params);
    const order = orderBy(
      q.sortBy,
      q.ascOrDesc,
      { balance: 'd.balance', name: 'lower(m.full_name)', updated_date: 'd.updated_date' },
      'balance',
      'd.member_id',
    );
    params.push(q.limit, q.page * q.limit);
    const rows = await tx.query<{
      business_unit_id: string;
      business_unit_name: string;
      member_id: string;
      full_name: string;
      cif_number: string;
      balance: Dec;
    }>(
      `SELECT d.business_unit_id, u.name AS business_unit_name, d.member_id, m.full_name, m.cif_number, d.balance ${from}
       ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return {
      ...paged(
        rows.map((r) => ({
          businessUnitId: r.business_unit_id,
          businessUnitName: r.business_unit_name,
          memberId: r.member_id,
          memberName: r.full_name,
          cifNumber: r.cif_number,
          balance: dec(r.balance),
        })),
        total?.n ?? 0,
        q.page,
        q.limit,
      ),
      totalDebt: dec(total?.sum ?? 0),
    };
  });
}
