/**
 * Savings of the demo cooperative (Koperasi Demo Sejahtera), so every savings
 * screen, list, report and dashboard widget has real content:
 *
 *  - Products beyond the defaults: a plan saving (Tabungan Pendidikan), an
 *    equity participation (Modal Penyertaan) and a voluntary saving that needs
 *    approval to open (Simpanan Sukarela Prima).
 *  - Accounts: every active member's principal and mandatory accounts (they
 *    were recorded before the system, so none were opened at approval);
 *    voluntary accounts for about three members in four and for non-members;
 *    plan savings for a dozen; participation for five.
 *  - Balances brought forward on 1 January of this year (the ledger demo's
 *    opening day) for members who joined before it: the principal (most paid),
 *    the mandatory months since joining (a few months owed by some) and a
 *    voluntary balance, posted as OPENING_BALANCE movements in one journal
 *    against Ekuitas Saldo Awal (a reclassification of the opening equity).
 *  - Every month of this year up to today: mandatory payments (some members
 *    skip months, so the unpaid list has names), deposits and withdrawals at
 *    the teller (her cash account), by the agent in his area (his cash
 *    account) and by bank transfer at the office, plan instalments, transfers
 *    between members, principal payments of members who joined this year.
 *  - A cancelled deposit, a blocked account, a closed account, openings
 *    waiting for approval, online cash-out requests (waiting, approved,
 *    rejected) and a withdrawal above the teller's limit waiting for approval.
 *
 * Every movement goes through the same service functions as the API, so the
 * ledger stays balanced and each control account equals its members'
 * balances. The same pseudo-random sequence every time (fixed seed).
 */
import type { ProductCreate } from '@koperasi/contracts';
import { type Dec, dec } from '@koperasi/finance';
import type { Db, Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, systemCtx } from '../../lib/context.ts';
import { addDays, todayJakarta } from '../ledger/dates.ts';
import { accountIdByKey, type JournalInput, postMany } from '../ledger/posting.ts';
import { markPrincipalPaid } from '../members/members.registry.ts';
import { defaultGl } from '../products/products.seed.ts';
import { createProductTx } from '../products/products.service.ts';
import type { TenantSeedInfo } from '../types.ts';
import { openAccountTx } from './savings.accounts.ts';
import { cancelTransaction } from './savings.cancel.ts';
import { closeAccountTx } from './savings.close.ts';
import { activityLabel, type Channel } from './savings.core.ts';
import { setBlocked } from './savings.flags.ts';
import { type LockedAccount, lockAccounts } from './savings.repo.ts';

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface DemoMember {
  id: string;
  cif_number: string;
  full_name: string;
  member_type: 'MEMBER' | 'NON_MEMBER';
  join_date: string | null;
  area_id: string | null;
}

interface Account {
  id: string;
  memberId: string;
  type: 'PRINCIPAL' | 'MANDATORY' | 'VOLUNTARY' | 'PLAN' | 'PARTICIPATION';
  balance: Dec;
  joined: string;
  plan?: Dec;
  agentArea: boolean;
}

type Event = { date: string; run: (b: MonthBatch) => Promise<void> };

interface Who {
  c: Ctx;
  channel: Channel;
  coaId: string;
}

interface MonthBatch {
  /** Records a movement; answers its operation (group) id. */
  move(w: Who, acc: Account, kind: 'TOPUP' | 'WITHDRAW', activity: string, amount: Dec, date: string): string;
  transfer(from: Account, to: Account, amount: Dec, date: string, description: string): void;
  /** A collective deposit slip (e.g. the mandatory savings collected on one day): a row per account, one journal. */
  collective(w: Who, items: Array<{ acc: Account; amount: Dec }>, date: string, description: string): void;
  /** Balances brought forward: one row per account, one journal against the opening equity. */
  opening(items: Array<{ acc: Account; amount: Dec }>, date: string, equityId: string): void;
  /** Writes the month: transaction rows, balances, journals; answers the transaction id of each operation. */
  flush(): Promise<Map<string, string>>;
}

interface PendingRow {
  a: LockedAccount;
  c: Ctx;
  kind: 'TOPUP' | 'WITHDRAW';
  activity: string;
  amount: Dec;
  after: Dec;
  date: string;
  channel: Channel;
  cashCoaId: string | null;
  groupId: string;
  description: string | null;
}

/**
 * A month of demo movements written set-wise (the embedded database pays for
 * every statement): the accounts locked once, the transaction rows inserted in
 * one statement in date order with their running balances, the balances
 * updated in one statement, each operation its own journal (posted in batches
 * with postMany, per user) linked back in one statement. The rows and
 * journals are the ones the API writes one at a time.
 */
async function monthBatch(tx: Tx, admin: Ctx, ids: string[], date: string, cash: { main: string }): Promise<MonthBatch> {
  const locked = await lockAccounts(tx, ids, date, null);
  const rows: PendingRow[] = [];
  const journals: Array<{ c: Ctx; groupId: string; j: Omit<JournalInput, 'referenceCode'> }> = [];
  const acc = (a: Account): LockedAccount => locked.get(a.id)!;
  const push = (r: Omit<PendingRow, 'after'>) => {
    r.a.balance = r.kind === 'TOPUP' ? r.a.balance.plus(r.amount) : r.a.balance.minus(r.amount);
    rows.push({ ...r, after: r.a.balance });
  };
  return {
    move(w, a, kind, activity, amount, day) {
      const l = acc(a);
      const groupId = crypto.randomUUID();
      push({ a: l, c: w.c, kind, activity, amount, date: day, channel: w.channel, cashCoaId: w.coaId, groupId, description: null });
      const cashLine = { accountId: w.coaId ?? cash.main, ...(kind === 'TOPUP' ? { debit: amount } : { credit: amount }) };
      const controlLine = { accountId: l.control_id!, ...(kind === 'TOPUP' ? { credit: amount } : { debit: amount }) };
      journals.push({
        c: w.c,
        groupId,
        j: {
          date: day,
          description: `${activityLabel(activity)} ${l.product_name} ${l.account_number} a.n. ${l.member_name} (${l.cif_number})`,
          source: { module: 'SAVING', id: groupId },
          lines: kind === 'TOPUP' ? [cashLine, controlLine] : [controlLine, cashLine],
        },
      });
      return groupId;
    },
    transfer(from, to, amount, day, description) {
      const f = acc(from);
      const t = acc(to);
      const groupId = crypto.randomUUID();
      const base = { c: admin, amount, date: day, channel: 'TELLER' as const, cashCoaId: null, groupId, description };
      push({ ...base, a: f, kind: 'WITHDRAW', activity: 'TRANSFER_OUT' });
      push({ ...base, a: t, kind: 'TOPUP', activity: 'TRANSFER_IN' });
      journals.push({
        c: admin,
        groupId,
        j: {
          date: day,
          description: `Transfer ${f.account_number} (${f.member_name}) ke ${t.account_number} (${t.member_name}) - ${description}`,
          source: { module: 'SAVING', id: groupId },
          lines: [
            { accountId: f.control_id!, debit: amount },
            { accountId: t.control_id!, credit: amount },
          ],
        },
      });
    },
    collective(w, items, day, description) {
      if (!items.length) return;
      const groupId = crypto.randomUUID();
      const byControl = new Map<string, Dec>();
      let total = dec(0);
      for (const { acc: a, amount } of items) {
        const l = acc(a);
        push({
          a: l,
          c: w.c,
          kind: 'TOPUP',
          activity: 'DEPOSIT',
          amount,
          date: day,
          channel: w.channel,
          cashCoaId: w.coaId,
          groupId,
          description,
        });
        byControl.set(l.control_id!, (byControl.get(l.control_id!) ?? dec(0)).plus(amount));
        total = total.plus(amount);
      }
      journals.push({
        c: w.c,
        groupId,
        j: {
          date: day,
          description: `${description} (${items.length} anggota)`,
          source: { module: 'SAVING', id: groupId },
          lines: [{ accountId: w.coaId, debit: total }, ...[...byControl].map(([accountId, credit]) => ({ accountId, credit }))],
        },
      });
    },
    opening(items, day, equityId) {
      if (!items.length) return;
      const groupId = crypto.randomUUID();
      const byControl = new Map<string, Dec>();
      let total = dec(0);
      for (const { acc: a, amount } of items) {
        const l = acc(a);
        push({
          a: l,
          c: admin,
          kind: 'TOPUP',
          activity: 'OPENING_BALANCE',
          amount,
          date: day,
          channel: 'SYSTEM',
          cashCoaId: null,
          groupId,
          description: 'Saldo awal simpanan (dibawa dari pembukuan sebelumnya)',
        });
        byControl.set(l.control_id!, (byControl.get(l.control_id!) ?? dec(0)).plus(amount));
        total = total.plus(amount);
      }
      journals.push({
        c: admin,
        groupId,
        j: {
          date: day,
          description: 'Saldo awal simpanan anggota per 1 Januari (reklasifikasi dari ekuitas saldo awal)',
          source: { module: 'SAVING', id: groupId },
          lines: [{ accountId: equityId, debit: total }, ...[...byControl].map(([accountId, credit]) => ({ accountId, credit }))],
        },
      });
    },
    async flush() {
      const out = new Map<string, string>();
      if (!rows.length) return out;
      const arr = (f: (r: PendingRow) => unknown) =>
        `{${rows.map((r) => (f(r) === null ? 'NULL' : `"${String(f(r)).replace(/"/g, '\\"')}"`)).join(',')}}`;
      const inserted = await tx.query<{ id: string; code: string; group_id: string }>(
        `WITH src AS (
           SELECT * FROM unnest($1::uuid[], $2::date[], $3::uuid[], $4::uuid[], $5::text[], $6::uuid[], $7::text[], $8::text[], $9::numeric[],
                                $10::numeric[], $11::text[], $12::uuid[], $13::uuid[], $14::text[], $15::int[], $16::uuid[], $17::uuid[])
             WITH ORDINALITY AS u(saving_id, transaction_date, member_id, product_id, product_kind, group_id, kind, activity, amount, balance_after,
                                  channel, cash_coa_id, created_by, description, terms_version, branch_id, approved_by, i)
         ), n AS (SELECT src.*, tenant_sequence_next('member_transaction_seq') AS seq FROM (SELECT * FROM src ORDER BY i) src)
         INSERT INTO member_transaction (tenant_id, seq, code, transaction_date, member_id, product_id, product_kind, saving_id, kind, activity,
                                         amount, balance_after, channel, cash_coa_id, group_id, description, terms_version, branch_id, created_by,
                                         created_at, approved_by, approved_at)
         SELECT app_tenant(), n.seq, 'TRX' || to_char(n.transaction_date, 'YYMMDD') || lpad(n.seq::text, 8, '0'), n.transaction_date, n.member_id,
                n.product_id, n.product_kind, n.saving_id, n.kind, n.activity, n.amount, n.balance_after, n.channel, n.cash_coa_id, n.group_id,
                n.description, n.terms_version, n.branch_id, n.created_by,
                n.transaction_date + time '08:00' + (n.i * interval '41 seconds') - interval '7 hours', n.approved_by,
                n.transaction_date + time '08:00' + (n.i * interval '41 seconds') - interval '7 hours'
         FROM n ORDER BY n.seq RETURNING id, code, group_id`,
        [
          arr((r) => r.a.id),
          arr((r) => r.date),
          arr((r) => r.a.member_id),
          arr((r) => r.a.product_id),
          arr((r) => r.a.kind),
          arr((r) => r.groupId),
          arr((r) => r.kind),
          arr((r) => r.activity),
          arr((r) => r.amount.toFixed(2)),
          arr((r) => r.after.toFixed(2)),
          arr((r) => r.channel),
          arr((r) => r.cashCoaId),
          arr((r) => r.c.userId),
          arr((r) => r.description),
          arr((r) => r.a.terms_version),
          arr((r) => r.a.member_branch_id),
          arr((r) => r.c.userId),
        ],
      );
      const firstCode = new Map<string, string>();
      for (const r of inserted) {
        if (!firstCode.has(r.group_id)) firstCode.set(r.group_id, r.code);
        if (!out.has(r.group_id)) out.set(r.group_id, r.id);
      }
      // Balances and lifetime totals of the month, per account.
      const totals = new Map<string, { credit: Dec; debit: Dec; last: string }>();
      for (const r of rows) {
        const t = totals.get(r.a.id) ?? { credit: dec(0), debit: dec(0), last: r.date };
        if (r.kind === 'TOPUP') t.credit = t.credit.plus(r.amount);
        else t.debit = t.debit.plus(r.amount);
        if (r.date > t.last) t.last = r.date;
        totals.set(r.a.id, t);
      }
      const ids = [...totals.keys()];
      await tx.exec(
        `UPDATE member_saving s SET balance = s.balance + v.credit - v.debit, total_credit = s.total_credit + v.credit,
                total_debit = s.total_debit + v.debit, last_transaction_date = greatest(coalesce(s.last_transaction_date, v.last), v.last)
         FROM unnest($1::uuid[], $2::numeric[], $3::numeric[], $4::date[]) AS v(id, credit, debit, last)
         WHERE s.tenant_id = app_tenant() AND s.id = v.id`,
        [
          `{${ids.join(',')}}`,
          `{${ids.map((i) => totals.get(i)!.credit.toFixed(2)).join(',')}}`,
          `{${ids.map((i) => totals.get(i)!.debit.toFixed(2)).join(',')}}`,
          `{${ids.map((i) => totals.get(i)!.last).join(',')}}`,
        ],
      );
      for (const a of locked.values()) {
        if (a.saving_type === 'PRINCIPAL' && a.principal_status === 'OWED' && a.equity_amount && a.balance.gte(a.equity_amount)) {
          await markPrincipalPaid(tx, admin, a.member_id, a.balance);
          a.principal_status = 'PAID';
        }
      }
      const byUser = new Map<string, typeof journals>();
      for (const j of journals) byUser.set(j.c.userId ?? '', [...(byUser.get(j.c.userId ?? '') ?? []), j]);
      for (const list of byUser.values()) {
        for (let i = 0; i < list.length; i += 300) {
          const chunk = list.slice(i, i + 300);
          const posted = await postMany(
            tx,
            chunk[0].c,
            chunk.map((c) => ({ ...c.j, referenceCode: firstCode.get(c.groupId) ?? null })),
          );
          await tx.exec(
            `UPDATE member_transaction t SET journal_id = v.journal_id
             FROM unnest($1::uuid[], $2::uuid[]) AS v(group_id, journal_id)
             WHERE t.tenant_id = app_tenant() AND t.group_id = v.group_id`,
            [`{${chunk.map((c) => c.groupId).join(',')}}`, `{${posted.map((p) => p.id).join(',')}}`],
          );
        }
      }
      await audit(tx, admin, {
        action: 'saving.demo_month',
        entity: 'member_transaction',
        entityId: date.slice(0, 7),
        after: { movements: rows.length },
      });
      return out;
    },
  };
}

export async function seedSavingsDemo(db: Db, _ctx: Ctx, info: TenantSeedInfo): Promise<void> {
  const rnd = mulberry32(20260107);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)];
  const chance = (p: number) => rnd() < p;
  const amount = (min: number, max: number, step = 5000) => dec(Math.round((min + rnd() * (max - min)) / step) * step);
  const today = todayJakarta();
  const year = Number(today.slice(0, 4));
  const yearStart = `${year}-01-01`;
  const admin = systemCtx(db, info.tenantId, { userId: info.adminUserId, requestId: 'demo-seed' });

  const setup = await db.tenant(info.tenantId, async (tx) => {
    const existing = await tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM member_saving WHERE tenant_id = app_tenant()`);
    if (existing && existing.n > 0) return null;
    const plan = await createProductTx(tx, admin, {
      kind: 'SAVING',
      savingType: 'PLAN',
      code: 'TP',
      name: 'Tabungan Pendidikan',
      description: 'Tabungan berencana untuk biaya sekolah anak: setoran tetap setiap bulan, ditarik saat target tercapai.',
      planMonthlyAmount: 250000,
      planTargetBalance: 6000000,
      planTargetMonths: 24,
      baseRate: 4,
      balanceBasis: 'TERENDAH',
      interestTax: 10,
      closingFee: 25000,
      effectiveDate: '2020-01-01',
      glAccounts: await defaultGl(tx, 'SAVING', 'PLAN'),
    } as ProductCreate);
    const participation = await createProductTx(tx, admin, {
      kind: 'SAVING_EQUITY',
      savingType: 'PARTICIPATION',
      code: 'MP',
      name: 'Modal Penyertaan',
      description: 'Penyertaan modal anggota untuk pengembangan unit usaha.',
      amount: 1000000,
      effectiveDate: '2020-01-01',
      glAccounts: await defaultGl(tx, 'SAVING_EQUITY', 'PARTICIPATION'),
    } as ProductCreate);
    const prima = await createProductTx(tx, admin, {
      kind: 'SAVING',
      savingType: 'VOLUNTARY',
      code: 'SSP',
      name: 'Simpanan Sukarela Prima',
      description: 'Simpanan sukarela dengan jasa lebih tinggi; pembukaan rekening dengan persetujuan pengurus.',
      minBalance: 500000,
      baseRate: 5,
      balanceBasis: 'RATA_RATA',
      interestTax: 10,
      interestMinBalance: 1000000,
      monthlyAdminFee: 5000,
      closingFee: 50000,
      requiresApproval: true,
      effectiveDate: '2020-01-01',
      glAccounts: await defaultGl(tx, 'SAVING', 'VOLUNTARY'),
    } as ProductCreate);
    const products = await tx.query<{ id: string; system_key: string }>(
      `SELECT id, system_key FROM product WHERE tenant_id = app_tenant() AND system_key IN ('PRINCIPAL', 'MANDATORY', 'VOLUNTARY')`,
    );
    const byKey = Object.fromEntries(products.map((p) => [p.system_key, p.id]));
    const users = await tx.query<{ id: string; code: string; area_id: string | null }>(
      `SELECT u.id, r.code, u.area_id FROM app_user u JOIN role r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
       WHERE u.tenant_id = app_tenant() AND r.code IN ('TELLER', 'AGENT') AND u.coa_id IS NOT NULL ORDER BY u.created_date`,
    );
    const members = await tx.query<DemoMember>(
      `SELECT id, cif_number, full_name, member_type, join_date, area_id FROM member
       WHERE tenant_id = app_tenant() AND status = 'ACTIVE' ORDER BY cif_number`,
    );
    const bank = (await tx.one<{ id: string }>(`SELECT id FROM coa_account WHERE tenant_id = app_tenant() AND code = '10104'`))?.id ?? null;
    return {
      ids: {
        principal: byKey.PRINCIPAL,
        mandatory: byKey.MANDATORY,
        voluntary: byKey.VOLUNTARY,
        plan: plan.id,
        participation: participation.id,
        prima: prima.id,
      },
      teller: users.find((u) => u.code === 'TELLER') ?? null,
      agent: users.find((u) => u.code === 'AGENT') ?? null,
      members,
      bank,
    };
  });
  if (!setup) return;
  const { ids, teller, agent, members, bank } = setup;
  const tellerCtx = teller ? systemCtx(db, info.tenantId, { userId: teller.id, requestId: 'demo-seed' }) : admin;
  const agentCtx = agent ? systemCtx(db, info.tenantId, { userId: agent.id, requestId: 'demo-seed' }) : admin;

  // ------------------------------------------------------------ accounts and balances brought forward
  const accounts: Account[] = [];
  const openingItems: Array<{ acc: Account; amount: Dec }> = [];
  let openingEquity = '';
  await db.tenant(info.tenantId, async (tx) => {
    openingEquity = await accountIdByKey(tx, 'OPENING_EQUITY');
    const want: Array<{ m: DemoMember; productId: string; type: Account['type']; date: string; opening?: Dec }> = [];
    for (const m of members) {
      const joined = m.join_date ?? yearStart;
      const before = joined < yearStart;
      if (m.member_type === 'MEMBER') {
        want.push({
          m,
          productId: ids.principal,
          type: 'PRINCIPAL',
          date: joined,
          opening: before && chance(0.93) ? dec(100000) : undefined,
        });
        const [jy, jm] = joined.split('-').map(Number);
        const months = (year - 1 - jy) * 12 + (12 - jm) + 1;
        const owed = chance(0.8) ? 0 : 1 + Math.floor(rnd() * 3);
        want.push({
          m,
          productId: ids.mandatory,
          type: 'MANDATORY',
          date: joined,
          opening: before && months - owed > 0 ? dec(50000 * (months - owed)) : undefined,
        });
      }
      if (m.member_type === 'NON_MEMBER' || chance(0.75)) {
        want.push({
          m,
          productId: ids.voluntary,
          type: 'VOLUNTARY',
          date: joined,
          opening: before ? amount(150000, 6000000, 1000) : undefined,
        });
      }
    }
    // Many accounts at once (the API opens one at a time, with the same numbering under the product row's lock).
    for (const productId of [ids.principal, ids.mandatory, ids.voluntary]) {
      const batch = want.filter((w) => w.productId === productId);
      const rows = await tx.query<{ id: string; member_id: string }>(
        `WITH src AS (SELECT u.member_id, u.open_date, u.i FROM unnest($1::uuid[], $2::date[]) WITH ORDINALITY AS u(member_id, open_date, i)),
              p AS (UPDATE product SET last_account_seq = last_account_seq + $3 WHERE tenant_id = app_tenant() AND id = $4
                    RETURNING code, kind, saving_type, last_account_seq - $3 AS base)
         INSERT INTO member_saving (tenant_id, account_number, member_id, product_id, kind, saving_type, status, open_date, opened_by, created_by, updated_by)
         SELECT app_tenant(), p.code || '.' || lpad((p.base + src.i)::text, 6, '0'), src.member_id, $4, p.kind, p.saving_type, 'ACTIVE', src.open_date, $5, $5, $5
         FROM src, p ORDER BY src.i RETURNING id, member_id`,
        [`{${batch.map((w) => w.m.id).join(',')}}`, `{${batch.map((w) => w.date).join(',')}}`, batch.length, productId, info.adminUserId],
      );
      const byMember = new Map(rows.map((r) => [r.member_id, r.id]));
      for (const w of batch) {
        const acc: Account = {
          id: byMember.get(w.m.id)!,
          memberId: w.m.id,
          type: w.type,
          balance: dec(0),
          joined: w.m.join_date ?? yearStart,
          agentArea: Boolean(agent && w.m.area_id && w.m.area_id === agent.area_id),
        };
        accounts.push(acc);
        (w as { acc?: Account }).acc = acc;
      }
      await audit(tx, admin, {
        action: 'saving.open',
        entity: 'product',
        entityId: productId,
        after: { demo: true, accounts: rows.length },
      });
    }
    // Balances brought forward (written with the year's movements below).
    openingItems.push(...want.filter((w) => w.opening).map((w) => ({ acc: (w as { acc?: Account }).acc!, amount: w.opening! })));
    for (const o of openingItems) o.acc.balance = o.acc.balance.plus(o.amount);
    // Plan savings and participation (through the API's opening).
    const planners = members.filter((m) => m.member_type === 'MEMBER' && chance(0.12)).slice(0, 14);
    for (const m of planners) {
      const d = m.join_date && m.join_date > yearStart ? m.join_date : yearStart;
      const r = await openAccountTx(
        tx,
        admin,
        {
          memberId: m.id,
          productId: ids.plan,
          planMonthlyAmount: dec(pick([200000, 250000, 300000, 500000])),
          tag: pick(['SD', 'SMP', 'SMA', 'Kuliah']),
        },
        { date: d },
      );
      accounts.push({
        id: r.account.id,
        memberId: m.id,
        type: 'PLAN',
        balance: dec(0),
        joined: d,
        plan: dec(r.account.planMonthlyAmount ?? 250000),
        agentArea: Boolean(agent && m.area_id && m.area_id === agent.area_id),
      });
    }
    for (const m of members.filter((x) => x.member_type === 'MEMBER' && (x.join_date ?? '') < yearStart).slice(3, 8)) {
      const r = await openAccountTx(tx, admin, { memberId: m.id, productId: ids.participation }, { date: yearStart });
      accounts.push({ id: r.account.id, memberId: m.id, type: 'PARTICIPATION', balance: dec(0), joined: yearStart, agentArea: false });
    }
  });

  // ------------------------------------------------------------ this year, month by month
  const byType = (t: Account['type']) => accounts.filter((a) => a.type === t);
  const lastMonth = Number(today.slice(5, 7));
  const dayIn = (m: number, min = 1, notBefore?: string) => {
    const mm = String(m).padStart(2, '0');
    const lo = Math.min(28, min);
    let d = `${year}-${mm}-${String(lo + Math.floor(rnd() * (28 - lo + 1))).padStart(2, '0')}`;
    if (notBefore && d < notBefore) d = notBefore;
    return d > today ? today : d;
  };
  const cash = await db.tenant(info.tenantId, async (tx) => ({
    main: await accountIdByKey(tx, 'CASH_MAIN'),
    teller: teller ? ((await tx.one<{ coa_id: string }>('SELECT coa_id FROM app_user WHERE id = $1', [teller.id]))?.coa_id ?? null) : null,
    agent: agent ? ((await tx.one<{ coa_id: string }>('SELECT coa_id FROM app_user WHERE id = $1', [agent.id]))?.coa_id ?? null) : null,
  }));
  const who = (acc: Account): Who => {
    if (acc.agentArea && agent && chance(0.7)) return { c: agentCtx, channel: 'AGENT', coaId: cash.agent ?? cash.main };
    if (bank && chance(0.12)) return { c: admin, channel: 'TELLER', coaId: bank };
    return { c: tellerCtx, channel: 'TELLER', coaId: cash.teller ?? cash.main };
  };
  const skipMandatory = new Set(
    byType('MANDATORY')
      .filter(() => chance(0.1))
      .map((a) => a.memberId),
  );
  let cancelCandidate: string | null = null;
  let cancelGroup: string | null = null;

  const events: Event[] = [];
  for (let m = 1; m <= lastMonth; m++) {
    const deposit = (acc: Account, amt: Dec, date: string) =>
      events.push({
        date,
        run: async (b) => {
          const group = b.move(who(acc), acc, 'TOPUP', 'DEPOSIT', amt, date);
          acc.balance = acc.balance.plus(amt);
          if (m === lastMonth && acc.type === 'VOLUNTARY' && !cancelGroup) cancelGroup = group;
        },
      });
    for (const acc of byType('PRINCIPAL')) {
      const joinedMonth = acc.joined.startsWith(`${year}-`) ? Number(acc.joined.slice(5, 7)) : 0;
      if (joinedMonth === m && acc.balance.isZero()) deposit(acc, dec(100000), [acc.joined, today].sort()[0]);
      if (m === 2 && acc.balance.isZero() && acc.joined < yearStart && chance(0.5)) deposit(acc, dec(100000), dayIn(m));
    }
    // Mandatory savings are collected on a few days a month: one deposit slip per day and collector.
    const slips = new Map<string, { date: string; agent: boolean; items: Array<{ acc: Account; amount: Dec }> }>();
    const days = [5, 10, 20].map((d) => `${year}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
    for (const acc of byType('MANDATORY')) {
      if (acc.joined > `${year}-${String(m).padStart(2, '0')}-28`) continue;
      if (skipMandatory.has(acc.memberId) && chance(0.6)) continue;
      if (chance(0.06)) continue;
      let date = pick(days);
      if (date < acc.joined) date = acc.joined;
      if (date > today) continue;
      const byAgent = acc.agentArea && Boolean(agent);
      const key = `${date}|${byAgent}`;
      const slip = slips.get(key) ?? { date, agent: byAgent, items: [] };
      slip.items.push({ acc, amount: dec(chance(0.05) ? 100000 : 50000) });
      slips.set(key, slip);
    }
    for (const slip of slips.values()) {
      events.push({
        date: slip.date,
        run: async (b) => {
          const w: Who = slip.agent
            ? { c: agentCtx, channel: 'AGENT', coaId: cash.agent ?? cash.main }
            : { c: tellerCtx, channel: 'TELLER', coaId: cash.teller ?? cash.main };
          b.collective(w, slip.items, slip.date, 'Setoran kolektif simpanan wajib');
          for (const it of slip.items) it.acc.balance = it.acc.balance.plus(it.amount);
        },
      });
    }
    for (const acc of byType('PLAN')) {
      if (acc.joined > `${year}-${String(m).padStart(2, '0')}-28` || chance(0.15)) continue;
      deposit(acc, acc.plan ?? dec(250000), dayIn(m, 1, acc.joined));
    }
    if (m === 2) for (const acc of byType('PARTICIPATION')) deposit(acc, dec(1000000), dayIn(m));
    for (const acc of byType('VOLUNTARY')) {
      if (acc.joined > `${year}-${String(m).padStart(2, '0')}-28`) continue;
      const n = chance(0.35) ? 1 : chance(0.15) ? 2 : 0;
      for (let i = 0; i < n; i++) deposit(acc, amount(50000, 1500000), dayIn(m, 1, acc.joined));
      if (chance(0.3)) {
        const date = dayIn(m, 10, acc.joined);
        events.push({
          date,
          run: async (b) => {
            const available = acc.balance.minus(10000);
            const want = amount(50000, 1200000);
            const amt = want.gt(available.times(0.6)) ? available.times(0.6).div(1000).floor().times(1000) : want;
            if (amt.lt(10000)) return;
            b.move(who(acc), acc, 'WITHDRAW', 'WITHDRAWAL', amt, date);
            acc.balance = acc.balance.minus(amt);
          },
        });
      }
    }
    const voluntary = byType('VOLUNTARY');
    for (let i = 0; i < 4 && voluntary.length > 1; i++) {
      const from = pick(voluntary);
      const to = pick(voluntary);
      if (from === to) continue;
      const date = dayIn(m, 5, [from.joined, to.joined].sort()[1]);
      events.push({
        date,
        run: async (b) => {
          const amt = amount(25000, 300000);
          if (from.balance.minus(10000).lt(amt)) return;
          b.transfer(from, to, amt, date, pick(['Titipan arisan', 'Bayar hutang warung', 'Kiriman keluarga', 'Iuran kelompok']));
          from.balance = from.balance.minus(amt);
          to.balance = to.balance.plus(amt);
        },
      });
    }
  }
  events.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  // One transaction per month; each operation has its own journal, posted in batches.
  for (let m = 1; m <= lastMonth; m++) {
    const month = `${year}-${String(m).padStart(2, '0')}`;
    await db.tenant(info.tenantId, async (tx) => {
      const b = await monthBatch(
        tx,
        admin,
        accounts.map((a) => a.id),
        `${month}-01`,
        cash,
      );
      if (m === 1) b.opening(openingItems, yearStart, openingEquity);
      for (const e of events) if (e.date.startsWith(month)) await e.run(b);
      const written = await b.flush();
      if (cancelGroup && !cancelCandidate) cancelCandidate = written.get(cancelGroup) ?? null;
    });
  }

  // ------------------------------------------------------------ states worth seeing on the screens
  const toCancel = cancelCandidate as string | null;
  if (toCancel) await cancelTransaction(admin, { transactionId: toCancel, reason: 'Nominal salah ketik' });
  const vol = byType('VOLUNTARY').filter((a) => a.balance.gt(300000));
  if (vol[0]) await setBlocked(admin, vol[0].id, { isBlocked: true, amount: 250000, reason: 'Jaminan titipan pembelian kendaraan' });
  if (vol[1]) {
    await db.tenant(info.tenantId, (tx) =>
      closeAccountTx(tx, tellerCtx, {
        memberSavingId: vol[1].id,
        reason: 'Anggota membuka rekening di produk lain',
        date: addDays(today, 0),
      }),
    );
  }
  await db.tenant(info.tenantId, async (tx) => {
    const candidates = members.filter((x) => x.member_type === 'MEMBER').slice(10, 12);
    for (const m of candidates) await openAccountTx(tx, tellerCtx, { memberId: m.id, productId: ids.prima, tag: 'Pengajuan dari loket' });
    // Requests waiting for a decision: online cash-outs from the member app, and a teller's withdrawal above her limit.
    const open = byType('VOLUNTARY').filter((a) => a.id !== vol[0]?.id && a.id !== vol[1]?.id);
    const rich = open.filter((a) => a.balance.gt(2000000)).slice(0, 4);
    const bankNames = ['BRI', 'Mandiri', 'BNI', 'BCA'];
    const insert = (type: string, a: Account, amt: Dec, status: string, i: number, bankName: string | null, by: string) =>
      tx.exec(
        `INSERT INTO saving_request (tenant_id, type, saving_id, member_id, amount, description, bank_name, bank_account_number, bank_account_name,
                                     channel, status, reason, requested_by, requested_at, decided_by, decided_at)
         SELECT app_tenant(), $1, s.id, s.member_id, $2, $3, $4, $5, CASE WHEN $4::text IS NOT NULL THEN m.full_name END, $6, $7::text, $8, $9,
                now() - ($10 || ' hours')::interval, CASE WHEN $7::text <> 'WAITING' THEN $11::uuid END, CASE WHEN $7::text <> 'WAITING' THEN now() END
         FROM member_saving s JOIN member m ON m.tenant_id = s.tenant_id AND m.id = s.member_id WHERE s.tenant_id = app_tenant() AND s.id = $12`,
        [
          type,
          amt.toFixed(2),
          type === 'WITHDRAWAL' ? 'Biaya renovasi rumah' : 'Penarikan melalui aplikasi anggota',
          bankName,
          bankName ? `${1000 + i}0${String(300000 + i * 7919).padStart(8, '0')}` : null,
          type === 'WITHDRAWAL' ? 'TELLER' : 'MOBILE',
          status,
          status === 'REJECTED' ? 'Nama pemilik rekening tujuan berbeda dengan nama anggota' : null,
          by,
          String(2 + i * 5),
          info.adminUserId,
          a.id,
        ],
      );
    for (const [i, a] of rich.entries()) {
      await insert(
        'CASH_OUT_ONLINE',
        a,
        amount(200000, 1500000, 50000),
        i === 3 ? 'REJECTED' : 'WAITING',
        i,
        bankNames[i],
        info.adminUserId,
      );
    }
    const richest = [...open].sort((x, y) => (y.balance.gt(x.balance) ? 1 : -1))[0];
    if (richest?.balance.gt(10600000)) {
      await insert('WITHDRAWAL', richest, dec(10500000), 'WAITING', 5, null, teller?.id ?? info.adminUserId);
    }
  });
}
