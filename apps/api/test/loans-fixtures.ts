/**
 * Fixtures of the loan tests: a loan product, a member with a savings account,
 * a loan taken to RUNNING, and the loans sub-ledger for the reconciliation
 * (loan receivable control account = sum of the running loans' remaining principal).
 */
import { expect } from 'vitest';
import { hashPassword } from '../src/lib/password.ts';
import { body, type Client, client, newTenant, PASSWORD, signIn, type TestTenant } from './helpers.ts';
import { createActiveMember, type MemberData } from './members-fixtures.ts';
import { coaIds, defaultProducts, registerInnerCheck, registerSubledger } from './reconcile.ts';

registerSubledger('loans', {
  balances: `SELECT l.receivable_coa_id AS coa_id, sum(l.remaining_principal) AS amount FROM loan l
             WHERE l.tenant_id = app_tenant() AND l.receivable_coa_id IS NOT NULL GROUP BY l.receivable_coa_id`,
  controls: `SELECT DISTINCT g.coa_id FROM product_gl_account g JOIN product p ON p.tenant_id = g.tenant_id AND p.id = g.product_id
             WHERE g.tenant_id = app_tenant() AND g.role = 'RECEIVABLE' AND p.kind = 'LOAN'`,
});

// Inside the loans sub-ledger: a loan's remaining principal = its current schedule's unpaid principal; paid figures add up.
registerInnerCheck(
  'loans',
  `SELECT 'loan ' || l.loan_number || ': remaining ' || l.remaining_principal || ' <> schedule ' || coalesce(x.unpaid, 0) AS problem
   FROM loan l LEFT JOIN LATERAL (
     SELECT sum(i.principal - i.principal_paid) AS unpaid FROM loan_installment i
     WHERE i.tenant_id = l.tenant_id AND i.loan_id = l.id AND i.schedule_no = l.schedule_no AND NOT i.superseded
   ) x ON true
   WHERE l.tenant_id = app_tenant() AND l.status IN ('RUNNING', 'PAID_OFF') AND l.remaining_principal <> coalesce(x.unpaid, 0)
   UNION ALL
   SELECT 'loan ' || l.loan_number || ': payments ' || coalesce(p.pr, 0) || ' + before migration ' || l.principal_paid_before_migration || ' <> principal paid ' || l.principal_paid
   FROM loan l LEFT JOIN LATERAL (
     SELECT sum(principal) AS pr FROM loan_payment WHERE tenant_id = l.tenant_id AND loan_id = l.id AND status = 'POSTED'
   ) p ON true
   WHERE l.tenant_id = app_tenant() AND coalesce(p.pr, 0) + l.principal_paid_before_migration <> l.principal_paid`,
);

export interface LoanSetup {
  t: TestTenant;
  productId: string;
  member: MemberData;
  savingId: string;
  acc: Record<string, string>;
}

export async function glDefaults(t: TestTenant, kind: string): Promise<Record<string, string>> {
  const res = await t.admin.get('/api/product/gl-defaults', { kind });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(body<Array<{ role: string; coaId: string }>>(res).data.map((r) => [r.role, r.coaId]));
}

export async function createLoanProduct(t: TestTenant, over: Record<string, unknown> = {}): Promise<string> {
  const res = await t.admin.post('/api/product', {
    kind: 'LOAN',
    name: `Pinjaman ${Math.random().toString(36).slice(2, 8)}`,
    interestMethod: 'FLAT',
    interestRate: 1,
    minTenor: 1,
    maxTenor: 60,
    minAmount: 100000,
    maxAmount: 100000000,
    adminFee: 50000,
    adminFeeType: 'NOMINAL',
    provisionFee: 1,
    provisionFeeType: 'PERCENT',
    fine: 0.1,
    fineMethod: 'PERCENT',
    fineGraceDays: 3,
    roundingMultiple: 1,
    applicationNeedsApproval: true,
    ...over,
    glAccounts: await glDefaults(t, 'LOAN'),
  });
  if (res.statusCode !== 200) throw new Error(`loan product: ${res.body}`);
  return body<{ id: string }>(res).data.id;
}

export async function loanSetup(over: Record<string, unknown> = {}): Promise<LoanSetup> {
  const t = await newTenant();
  const p = await defaultProducts(t.tenantId);
  const productId = await createLoanProduct(t, over);
  const member = await createActiveMember(t.admin, { fullName: 'Budi Santoso', gender: 'L' });
  const open = await t.admin.post('/api/transaction/request-open-product-member', {
    memberId: member.id,
    productId: p.voluntary,
    initialDeposit: 5_000_000,
  });
  if (open.statusCode !== 200) throw new Error(`open saving: ${open.body}`);
  return { t, productId, member, savingId: body<any>(open).data.account.id, acc: await coaIds(t.tenantId) };
}

export async function apply(c: Client, s: LoanSetup, over: Record<string, unknown> = {}) {
  return c.post('/api/transaction/request-open-product-member', {
    memberId: s.member.id,
    productId: s.productId,
    amount: 12_000_000,
    tenorInMonth: 12,
    purpose: 'Modal usaha warung',
    ...over,
  });
}

/** Applied, approved and released to cash: the loan's detail. */
export async function runningLoan(s: LoanSetup, over: Record<string, unknown> = {}, release: Record<string, unknown> = {}) {
  const a = await apply(s.t.admin, s, over);
  if (a.statusCode !== 200) throw new Error(`apply: ${a.body}`);
  const id = body<any>(a).data.loan.id as string;
  if (body<any>(a).data.status === 'WAITING_APPROVAL') {
    const d = await s.t.admin.post(`/api/transaction/product/loan/${id}/approved-loan`, { status: 'APPROVED' });
    if (d.statusCode !== 200) throw new Error(`approve: ${d.body}`);
  }
  const r = await s.t.admin.post('/api/transaction/product/loan/release', { loanId: id, destination: 'CASH', ...release });
  if (r.statusCode !== 200) throw new Error(`release: ${r.body}`);
  return body<any>(r).data.loan;
}

/** Moves a loan's schedule back by `days` (tests of fines and overdue): every due date and the release date. */
export async function shiftLoan(t: TestTenant, loanId: string, days: number) {
  await t.app.db.tenant(t.tenantId, async (tx) => {
    await tx.exec(`UPDATE loan_installment SET due_date = due_date - $2::int WHERE tenant_id = app_tenant() AND loan_id = $1`, [
      loanId,
      days,
    ]);
    await tx.exec(`UPDATE loan SET release_date = release_date - $2::int WHERE tenant_id = app_tenant() AND id = $1`, [loanId, days]);
  });
}

const ALL = { view: true, add: true, update: true, delete: true };

/** A signed-in user whose role has these permissions (default: every action on member transactions) and limits. */
export async function limitedUser(
  t: TestTenant,
  opts: {
    permissions?: Record<string, unknown>;
    loanRequest?: number | null;
    loanApproval?: number | null;
    canReleaseLoan?: boolean;
    canCancel?: boolean;
  },
): Promise<Client> {
  const email = `loan-${Math.random().toString(36).slice(2, 10)}@test.koperasi.id`;
  const hash = await hashPassword(PASSWORD);
  await t.app.db.tenant(t.tenantId, async (tx) => {
    const role = await tx.one<{ id: string }>(
      `INSERT INTO role (tenant_id, name, permissions, loan_request_limit, loan_approval_limit, can_release_loan, can_cancel_transaction)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7) RETURNING id`,
      [
        t.tenantId,
        `Role ${Math.random().toString(36).slice(2)}`,
        JSON.stringify(opts.permissions ?? { member_transaction: ALL, dashboard: ALL, member: ALL, product: ALL }),
        opts.loanRequest ?? null,
        opts.loanApproval ?? null,
        opts.canReleaseLoan ?? false,
        opts.canCancel ?? false,
      ],
    );
    await tx.exec(
      `INSERT INTO app_user (tenant_id, first_name, email, password_hash, role_id, position, password_changed_at)
       VALUES ($1, 'Petugas', $2, $3, $4, 'PEGAWAI', now())`,
      [t.tenantId, email, hash, role!.id],
    );
  });
  const res = await signIn(t.app, email, PASSWORD);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return client(t.app, res.json().access_token);
}

export function todayWib(): string {
  return new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
}

export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** Makes installment 1 fall due `late` days ago (the whole schedule and the release move with it). */
export async function makeLate(t: TestTenant, loanId: string, firstDue: string, late: number) {
  await shiftLoan(t, loanId, daysBetween(todayWib(), firstDue) + late);
}
