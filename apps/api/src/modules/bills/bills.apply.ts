/**
 * A bill before its money moves: creation (request-open-product-member for a
 * BILL product), its changes while waiting (update-request-bill), the
 * simulation and the approval decision. docs/bills.md "Creation and approval".
 *
 *  - A bill copies the product's terms (type, admin fee, per-bill amount,
 *    installments) as defaults on the creation day; the body may override them.
 *  - Every bill waits for approval (spec section 4: requests). Above the
 *    requesting user's LOAN_REQUEST limit, the cooperative's policy decides
 *    (limitDecision: REFUSE answers 403; REQUEST_APPROVAL lets it wait as usual).
 *  - Approval only within the approver's LOAN_APPROVAL limit (403 above);
 *    a rejection needs a reason. Approval posts the receivable (Dr bill
 *    receivable, Cr income, Cr admin fee income) for the whole bill.
 */
import { type BillOpenBody, type BillSimulationQuery, type BillType, billOpenBody, type UpdateRequestBillBody } from '@koperasi/contracts';
import { BillScheduleError, billSchedule, dec, formatRupiah } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, notFound, RequestValidationError, unprocessable } from '../../lib/errors.ts';
import { post } from '../ledger/posting.ts';
import { findMemberRef } from '../members/members.registry.ts';
import { audit, limitDecision, withTx } from '../money/index.ts';
import { findProduct, type ProductRow, termsInForce } from '../products/products.repo.ts';
import { isAgentCtx, today } from '../savings/savings.core.ts';
import { agentHasMember, markBillRejected, markBillRunning } from './bills.ops.repo.ts';
import { findBill, insertBill, lockBill, nextBillNumber, productGl, replaceInstallments, updateWaitingBill } from './bills.repo.ts';
import { billDetail } from './bills.views.ts';

const field = (name: string, key: string) => [{ field: name, message: key }];
const agentOf = (ctx: Ctx) => (isAgentCtx(ctx) ? ctx.userId : null);

interface ScheduleTerms {
  billType?: BillType | null;
  date?: string | null;
  perBillAmount?: number | null;
  amount?: number | null;
  installments?: number | null;
  installmentAmounts?: number[] | null;
  adminFee?: number | null;
}

/** The schedule of a bill from the body, defaults from the product's terms in force; each problem its refusal. */
export async function scheduleFor(tx: Tx, ctx: Ctx, product: ProductRow | null, t: ScheduleTerms) {
  const date = t.date ?? today();
  const terms = product ? await termsInForce(tx, product.id, date) : undefined;
  const type = (t.billType ?? (terms?.bill_type as BillType | null) ?? 'FIXED_BILL') as BillType;
  const adminFee = dec(t.adminFee ?? (terms?.bill_admin_fee as number | null) ?? 0);
  const installments = t.installments ?? (terms?.bill_installments as number | null) ?? null;
  const perBill = t.perBillAmount ?? (terms?.bill_amount as number | null) ?? null;
  try {
    const s = billSchedule({
      type,
      amount: t.amount,
      perBillAmount: perBill && dec(perBill).gt(0) ? perBill : null,
      installments,
      amounts: t.installmentAmounts,
      adminFee,
      firstDueDate: date,
    });
    return { type, date, schedule: s, termsVersion: (terms?.version as number | undefined) ?? 1 };
  } catch (e) {
    if (!(e instanceof BillScheduleError)) throw e;
    if (e.problem === 'INSTALLMENTS_REQUIRED')
      throw new AppError(
        422,
        'BILL_INSTALLMENTS_REQUIRED',
        'bill.installments_required',
        { type },
        field(type === 'NOT_FIXED_BILL' ? 'installmentAmounts' : 'installments', 'bill.installments_required'),
      );
    if (e.problem === 'AMOUNT_TOO_SMALL')
      throw new AppError(
        422,
        'BILL_AMOUNT_TOO_SMALL',
        'bill.amount_too_small',
        { amount: formatRupiah(dec(t.amount ?? 0), ctx.lang), installments },
        field('amount', 'bill.amount_too_small'),
      );
    const f = type === 'FIXED_BILL' ? 'perBillAmount' : type === 'WITH_TOTAL_DEBT' ? 'amount' : 'installmentAmounts';
    throw new AppError(422, 'BILL_AMOUNT_REQUIRED', 'bill.schedule_amount_required', { type }, field(f, 'bill.schedule_amount_required'));
  }
}

async function billProduct(tx: Tx, productId: string): Promise<ProductRow> {
  const product = await findProduct(tx, productId);
  if (!product) throw new AppError(404, 'PRODUCT_NOT_FOUND', 'product.not_found', undefined, field('productId', 'product.not_found'));
  if (product.kind !== 'BILL') throw unprocessable('PRODUCT_NOT_BILL', 'bill.product_not_bill', { product: product.name });
  if (!product.is_active) throw unprocessable('PRODUCT_INACTIVE', 'bill.product_inactive', { product: product.name });
  return product;
}

/** The opener registered for BILL products (inside request-open-product-member's transaction). */
export async function openBillTx(tx: Tx, ctx: Ctx, raw: Record<string, unknown>) {
  const parsed = billOpenBody.safeParse(raw);
  if (!parsed.success) throw new RequestValidationError(parsed.error.issues as unknown as RequestValidationError['issues']);
  const b: BillOpenBody = parsed.data;
  const product = await billProduct(tx, b.productId);
  const member = await findMemberRef(tx, b.memberId, 'share');
  if (!member) throw new AppError(404, 'MEMBER_NOT_FOUND', 'member.not_found', undefined, field('memberId', 'member.not_found'));
  if (!member.isActive) throw unprocessable('MEMBER_INACTIVE', 'member.inactive', { name: member.fullName, cif: member.cifNumber });
  if (member.memberType === 'PROSPECTIVE') throw unprocessable('MEMBER_NOT_APPROVED', 'member.not_yet_member', { name: member.fullName });
  if (isAgentCtx(ctx)) {
    if (!(await agentHasMember(tx, member.id, ctx.userId!)))
      throw new AppError(404, 'MEMBER_NOT_FOUND', 'member.not_found', undefined, field('memberId', 'member.not_found'));
  }
  const s = await scheduleFor(tx, ctx, product, b);
  // Every bill waits for approval; above the user's request limit the cooperative's policy may refuse it (403).
  await limitDecision(tx, ctx, 'LOAN_REQUEST', s.schedule.total, { mayQueue: true });
  const id = await insertBill(tx, {
    number: await nextBillNumber(tx, product.id),
    memberId: member.id,
    productId: product.id,
    termsVersion: s.termsVersion,
    name: b.name,
    type: s.type,
    date: s.date,
    amount: s.schedule.amount,
    perBillAmount: s.schedule.perBillAmount,
    adminFee: s.schedule.adminFee,
    installments: s.schedule.rows.length,
    description: b.description ?? null,
    createdBy: ctx.userId,
  });
  await replaceInstallments(tx, id, s.schedule.rows);
  const bill = (await findBill(tx, id))!;
  await audit(tx, ctx, {
    action: 'bill.create',
    entity: 'bill',
    entityId: id,
    after: {
      number: bill.bill_number,
      type: s.type,
      amount: s.schedule.amount,
      adminFee: s.schedule.adminFee,
      installments: s.schedule.rows.length,
    },
  });
  return { status: 'WAITING_APPROVAL' as const, bill: await billDetail(tx, bill) };
}

/** GET transaction/product/bill/simulation-installment. */
export async function simulation(ctx: Ctx, q: BillSimulationQuery) {
  return withTx(ctx, async (tx) => {
    const product = q.productId ? await billProduct(tx, q.productId) : null;
    const s = await scheduleFor(tx, ctx, product, q);
    return {
      billType: s.type,
      amount: s.schedule.amount,
      perBillAmount: s.schedule.perBillAmount,
      adminFee: s.schedule.adminFee,
      total: s.schedule.total,
      installments: s.schedule.rows,
    };
  });
}

async function lockWaiting(tx: Tx, ctx: Ctx, id: string) {
  const b = await lockBill(tx, id, agentOf(ctx));
  if (!b) throw notFound('bill.not_found');
  if (b.status !== 'WAITING_APPROVAL')
    throw unprocessable('BILL_NOT_WAITING', 'bill.not_waiting', { number: b.bill_number, status: b.status });
  return b;
}

/** POST transaction/product/bill/update-request-bill: a waiting bill's name, terms and schedule. */
export async function updateRequest(ctx: Ctx, body: UpdateRequestBillBody) {
  return withTx(
    ctx,
    async (tx) => {
      const b = await lockWaiting(tx, ctx, body.billId);
      const product = await findProduct(tx, b.product_id);
      const s = await scheduleFor(tx, ctx, product ?? null, {
        billType: body.billType ?? b.bill_type,
        date: body.date ?? b.bill_date,
        perBillAmount: body.perBillAmount ?? (b.bill_type === 'FIXED_BILL' ? b.per_bill_amount.toNumber() : null),
        amount: body.amount ?? (b.bill_type === 'WITH_TOTAL_DEBT' ? b.amount.toNumber() : null),
        installments: body.installments ?? b.installments,
        installmentAmounts: body.installmentAmounts,
        adminFee: body.adminFee ?? b.admin_fee.toNumber(),
      });
      await limitDecision(tx, ctx, 'LOAN_REQUEST', s.schedule.total, { mayQueue: true });
      await updateWaitingBill(tx, b.id, {
        name: body.name ?? b.name,
        type: s.type,
        date: s.date,
        amount: s.schedule.amount,
        perBillAmount: s.schedule.perBillAmount,
        adminFee: s.schedule.adminFee,
        installments: s.schedule.rows.length,
        description: body.description === undefined ? b.description : body.description,
      });
      await replaceInstallments(tx, b.id, s.schedule.rows);
      await audit(tx, ctx, {
        action: 'bill.update_request',
        entity: 'bill',
        entityId: b.id,
        before: { type: b.bill_type, amount: b.amount, adminFee: b.admin_fee, installments: b.installments, date: b.bill_date },
        after: {
          type: s.type,
          amount: s.schedule.amount,
          adminFee: s.schedule.adminFee,
          installments: s.schedule.rows.length,
          date: s.date,
        },
      });
      return { bill: await billDetail(tx, (await findBill(tx, b.id))!) };
    },
    { idempotent: true, message: 'bill.updated' },
  );
}

/** POST transaction/product/bill/{id}/approved-bill. */
export async function decide(ctx: Ctx, id: string, body: { status: 'APPROVED' | 'REJECTED'; reason?: string | null }) {
  return withTx(
    ctx,
    async (tx) => {
      const b = await lockWaiting(tx, ctx, id);
      const date = today();
      if (body.status === 'REJECTED') {
        await markBillRejected(tx, b.id, body.reason ?? null, ctx.userId);
        await audit(tx, ctx, {
          action: 'bill.reject',
          entity: 'bill',
          entityId: b.id,
          before: { status: b.status },
          after: { status: 'REJECTED', reason: body.reason },
        });
        return { bill: await billDetail(tx, (await findBill(tx, b.id))!), journalId: null, journalNumber: null };
      }
      const total = b.amount.plus(b.admin_fee);
      await limitDecision(tx, ctx, 'LOAN_APPROVAL', total, { mayQueue: false });
      const gl = await productGl(tx, b.product_id);
      if (!gl.RECEIVABLE || !gl.REVENUE || (b.admin_fee.gt(0) && !gl.ADMIN_FEE_INCOME))
        throw unprocessable('PRODUCT_GL_MISSING', 'saving.product_gl_missing', { product: b.product_name });
      const desc = `Tagihan ${b.product_name} ${b.bill_number} ${b.name} a.n. ${b.member_name} (${b.cif_number})`.slice(0, 500);
      const journal = await post(tx, ctx, {
        date,
        description: desc,
        referenceCode: b.bill_number,
        source: { module: 'BILL', id: b.id },
        lines: [
          { accountId: gl.RECEIVABLE, debit: total, description: desc },
          { accountId: gl.REVENUE, credit: b.amount, description: 'Pendapatan tagihan' },
          ...(b.admin_fee.gt(0)
            ? [{ accountId: gl.ADMIN_FEE_INCOME, credit: b.admin_fee, description: 'Biaya administrasi tagihan' }]
            : []),
        ],
      });
      await markBillRunning(tx, b.id, {
        date,
        userId: ctx.userId,
        journalId: journal.id,
        receivableCoaId: gl.RECEIVABLE,
        debt: total,
        reason: body.reason ?? null,
      });
      await audit(tx, ctx, {
        action: 'bill.approve',
        entity: 'bill',
        entityId: b.id,
        before: { status: b.status },
        after: { status: 'RUNNING', amount: b.amount, adminFee: b.admin_fee, journal: journal.number },
      });
      return { bill: await billDetail(tx, (await findBill(tx, b.id))!), journalId: journal.id, journalNumber: journal.number };
    },
    { idempotent: true, message: 'bill.approved' },
  );
}
