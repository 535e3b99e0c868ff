/**
 * HTTP of the loans area under /api/transaction/product/loan/ (spec section 7
 * "Loans") and the two simulations. Money routes are idempotent inside their
 * own transaction (`idempotency: 'transactional'`).
 */
import {
  approvedLoanBody,
  cancelLoanReleaseBody,
  cancelPaymentBody,
  installmentPaymentBody,
  loanDatatableQuery,
  loanDetailView,
  loanIdParam,
  loanMutationQuery,
  loanPaymentView,
  loanView,
  MEMBER_PHOTO_MAX_BYTES,
  openAmountPaymentBody,
  outstandingByDateParams,
  outstandingView,
  partialPaymentBody,
  payoffBody,
  periodListQuery,
  productSimulationQuery,
  releaseBody,
  remainingLoanView,
  restrukturBody,
  simulationQuery,
  simulationView,
  thisMonthView,
  updateCollateralBody,
  updateCriteriaBody,
  updateInstallmentBody,
  updateRequestLoanBody,
  verifyGuaranteedBody,
  waiveFineBody,
} from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { ok } from '../../lib/http.ts';
import { readUpload } from '../members/members.routes.ts';
import { documented, passthrough, passthroughText } from '../products/products.http.ts';
import * as apply from './loans.apply.ts';
import { submitPayment } from './loans.batch.ts';
import * as cancel from './loans.cancel.ts';
import * as changes from './loans.changes.ts';
import * as money from './loans.money.ts';
import * as photos from './loans.photos.ts';
import * as reads from './loans.reads.ts';

const TAG = ['loans'];
const P = '/api/transaction/product/loan';
const tx = { idempotency: 'transactional' as const };
const view = { permission: 'member_transaction:view' as const };
const add = { permission: 'member_transaction:add' as const };
const update = { permission: 'member_transaction:update' as const };
const dateRange = z.object({
  id: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date'),
  b: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date'),
});
const paymentResult = documented(z.object({ payment: loanPaymentView, loan: loanView }));

/** The app with zod schemas as types (what every section below registers on). */
const zodApp = (appBase: FastifyInstance) => appBase.withTypeProvider<ZodTypeProvider>();
type App = ReturnType<typeof zodApp>;

export async function loanRoutes(appBase: FastifyInstance) {
  const app = zodApp(appBase);
  simulationRoutes(app);
  readRoutes(app);
  applicationRoutes(app);
  moneyRoutes(app);
  changeRoutes(app);
}

/** The two simulations. */
function simulationRoutes(app: App) {
  // ------------------------------------------------------------ simulations

  app.get(
    '/api/product/:id/v2/loan/installment-simulation',
    {
      ...passthrough,
      config: { permission: 'product:view' },
      schema: {
        tags: TAG,
        summary: "Installment simulation with the product's method and rounding (interestBaseRate: annual percent, default the product's)",
        params: loanIdParam,
        querystring: productSimulationQuery,
        response: documented(simulationView),
      },
    },
    async (req) => ok(await reads.productSimulation(ctxOf(req), req.params.id, req.query), 'loan.simulated'),
  );

  app.get(
    `${P}/v2/simulation-installment`,
    {
      ...passthrough,
      config: { auth: true },
      schema: {
        tags: TAG,
        summary: 'Product-less installment simulation (interestMethod, interestBaseRate annual percent, roundingMultiple, dates)',
        querystring: simulationQuery,
        response: documented(simulationView),
      },
    },
    async (req) => ok(reads.simulation(req.query), 'loan.simulated'),
  );
}

/** Lists and reads. */
function readRoutes(app: App) {
  // ------------------------------------------------------------ lists and reads

  app.get(
    `${P}/datatable`,
    {
      ...passthrough,
      config: view,
      schema: {
        tags: TAG,
        summary: 'Loans (statusLoan, productId, memberId, branch, area, officer, overdue, dates)',
        querystring: loanDatatableQuery,
      },
    },
    async (req) => ok(await reads.datatable(ctxOf(req), req.query)),
  );

  const idGet = (
    path: string,
    summary: string,
    fn: (ctx: ReturnType<typeof ctxOf>, id: string) => Promise<unknown>,
    response?: z.ZodType,
  ) =>
    app.get(
      `${P}/:id/${path}`,
      {
        ...passthrough,
        config: view,
        schema: { tags: TAG, summary, params: loanIdParam, ...(response ? { response: documented(response) } : {}) },
      },
      async (req) => ok(await fn(ctxOf(req), req.params.id)),
    );

  idGet('detail', 'A loan with its collateral and current schedule', reads.detail, loanDetailView);
  idGet(
    'detail-installment-loan-member',
    "The loan's installments with what was paid and the fines due today",
    reads.detail,
    loanDetailView,
  );
  idGet('detail-installment-this-month-notes', "This month's installment and reminder notes", reads.thisMonth, thisMonthView);
  idGet('remaining-loan', 'Remaining principal, interest, installments and fines', reads.remaining, remainingLoanView);
  idGet('detail-images', "Photos of the loan's collateral", reads.images);
  idGet('detail-collateral', "The loan's collateral", reads.collateralsOf);
  idGet(
    'detail-outstanding',
    'What settles the loan today (interest to the day per method)',
    (c, id) => reads.outstanding(c, id),
    outstandingView,
  );

  app.get(
    `${P}/:id/detail-outstanding-by-date/:date`,
    {
      ...passthrough,
      config: view,
      schema: {
        tags: TAG,
        summary: 'What settles the loan on {date}',
        params: outstandingByDateParams,
        response: documented(outstandingView),
      },
    },
    async (req) => ok(await reads.outstanding(ctxOf(req), req.params.id, req.params.date)),
  );

  app.get(
    `${P}/:id/mutation-payments`,
    {
      ...passthrough,
      config: view,
      schema: { tags: TAG, summary: 'Payments of the loan, newest first', params: loanIdParam, querystring: loanMutationQuery },
    },
    async (req) => ok(await reads.payments(ctxOf(req), req.params.id, req.query)),
  );

  app.get(
    `${P}/:id/mutation-loan`,
    {
      ...passthrough,
      config: view,
      schema: {
        tags: TAG,
        summary: "The loan's history: release, payments, cancellations, changes",
        params: loanIdParam,
        querystring: loanMutationQuery,
      },
    },
    async (req) => ok(await reads.mutations(ctxOf(req), req.params.id, req.query)),
  );

  app.get(
    `${P}/:id/:b/detail-installment`,
    {
      ...passthrough,
      config: view,
      schema: { tags: TAG, summary: 'Installments due between {a} and {b} (report form)', params: dateRange, querystring: periodListQuery },
    },
    async (req) => ok(await reads.installmentsBetween(ctxOf(req), req.params.id, req.params.b, req.query)),
  );

  app.get(
    `${P}/:id/:b/by-member`,
    {
      ...passthrough,
      config: view,
      schema: {
        tags: TAG,
        summary: 'Loans per member: amounts, paid and remaining between {a} and {b}',
        params: dateRange,
        querystring: periodListQuery,
      },
    },
    async (req) => ok(await reads.byMember(ctxOf(req), req.params.id, req.params.b, req.query)),
  );
}

/** Application, approval, collateral and guarantors. */
function applicationRoutes(app: App) {
  // ------------------------------------------------------------ application and approval

  app.post(
    `${P}/:id/update-request-loan`,
    {
      ...passthrough,
      config: update,
      schema: {
        tags: TAG,
        summary: 'Change an application (amount, tenor, purpose, guarantor, interview and survey notes)',
        params: loanIdParam,
        body: updateRequestLoanBody,
      },
    },
    async (req) => ok(await apply.updateRequest(ctxOf(req), req.params.id, req.body), 'loan.updated'),
  );

  app.post(
    `${P}/update-criteria`,
    { ...passthrough, config: update, schema: { tags: TAG, summary: "The loan's criteria", body: updateCriteriaBody } },
    async (req) => ok(await apply.updateCriteria(ctxOf(req), req.body), 'loan.updated'),
  );

  app.post(
    `${P}/update-collateral`,
    {
      ...passthrough,
      config: update,
      schema: {
        tags: TAG,
        summary: "Replace the loan's collateral (number, detail, value, photos); isVerified marks them verified",
        body: updateCollateralBody,
      },
    },
    async (req) => ok(await apply.updateCollateral(ctxOf(req), req.body), 'loan.updated'),
  );

  app.post(
    `${P}/:id/collateral-photo`,
    {
      ...passthrough,
      config: update,
      schema: {
        tags: TAG,
        summary: "Upload a photo of the loan's collateral (then list its url in update-collateral photos)",
        description: `multipart/form-data with one file field. JPEG, PNG or WebP (checked by content), at most ${MEMBER_PHOTO_MAX_BYTES / 1048576} MB; re-encoded to JPEG (max 1600 px), metadata stripped.`,
        consumes: ['multipart/form-data'],
        params: loanIdParam,
        response: documented(z.object({ loanId: z.string(), photoId: z.string(), url: z.string(), bytes: z.number() })),
      },
    },
    async (req) => {
      const file = await readUpload(req, MEMBER_PHOTO_MAX_BYTES, 'member.photo_missing', 'member.photo_too_large', {
        mb: MEMBER_PHOTO_MAX_BYTES / 1048576,
      });
      return ok(await photos.saveCollateralPhoto(ctxOf(req), app.storage, req.params.id, file.buffer), 'loan.photo_saved');
    },
  );

  app.get(
    `${P}/:id/collateral-photo/:photoId`,
    {
      config: view,
      schema: {
        tags: TAG,
        summary: "A photo of the loan's collateral (image/jpeg)",
        params: z.object({ id: z.string().uuid('validation.uuid'), photoId: z.string().uuid('validation.uuid') }),
      },
    },
    async (req, reply) => {
      const file = await photos.getCollateralPhoto(ctxOf(req), app.storage, req.params.id, req.params.photoId);
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', `inline; filename="${req.params.photoId}.jpg"`)
        .send(file.body);
    },
  );

  app.post(
    `${P}/:id/verify-guaranteed`,
    {
      ...passthrough,
      config: update,
      schema: { tags: TAG, summary: 'Verify (or unverify) the guarantor', params: loanIdParam, body: verifyGuaranteedBody },
    },
    async (req) => ok(await apply.verifyGuarantor(ctxOf(req), req.params.id, req.body), 'loan.verified'),
  );

  app.post(
    `${P}/:id/approved-loan`,
    {
      ...passthrough,
      config: update,
      schema: {
        tags: TAG,
        summary: "Approve (within the approver's LOAN_APPROVAL limit) or reject with a reason",
        params: loanIdParam,
        body: approvedLoanBody,
        response: documented(loanView),
      },
    },
    async (req) =>
      ok(await apply.decide(ctxOf(req), req.params.id, req.body), req.body.status === 'APPROVED' ? 'loan.approved' : 'loan.rejected'),
  );
}

/**
 * The payment routes reuse the signed-in principal read a few seconds earlier (plugins/auth.ts `principalInTx`, as the
 * teller movements): loan_pay_many checks it first (auth_principal_ok) and a payment whose principal changed runs alone,
 * reading it again (401, 403 or the payment as without the cache).
 */
const payment = { ...add, ...tx, principalInTx: true };

/** Money: release, payments, cancellations, fines. */
function moneyRoutes(app: App) {
  // ------------------------------------------------------------ money

  app.post(
    `${P}/release`,
    {
      ...passthrough,
      config: { ...add, ...tx },
      schema: {
        tags: TAG,
        summary:
          'Release an approved loan (role release flag) to cash or the member savings account; fees deducted; schedule fixed; one journal',
        body: releaseBody,
      },
    },
    async (req) => {
      const r = await money.release(ctxOf(req), req.body);
      return ok(r, req.body.status === 'REJECTED' ? 'loan.release_rejected' : 'loan.released');
    },
  );

  app.post(
    `${P}/payment-installment`,
    {
      ...passthroughText,
      config: payment,
      schema: {
        tags: TAG,
        summary: 'Pay the next `count` installments in full (fines included)',
        body: installmentPaymentBody,
        response: paymentResult,
      },
    },
    async (req) => ok(await submitPayment(ctxOf(req), { ...req.body, kind: 'INSTALLMENT' }), 'loan.paid'),
  );

  app.post(
    `${P}/payment-partial`,
    {
      ...passthroughText,
      config: payment,
      schema: {
        tags: TAG,
        summary: 'Pay part of what is due, oldest first (fine → interest → principal)',
        body: partialPaymentBody,
        response: paymentResult,
      },
    },
    async (req) => ok(await submitPayment(ctxOf(req), { ...req.body, kind: 'PARTIAL' }), 'loan.paid'),
  );

  app.post(
    `${P}/payment-open-amount`,
    {
      ...passthroughText,
      config: payment,
      schema: {
        tags: TAG,
        summary: 'Pay any amount up to what is owed, oldest first (fine → interest → principal)',
        body: openAmountPaymentBody,
        response: paymentResult,
      },
    },
    async (req) => ok(await submitPayment(ctxOf(req), { ...req.body, kind: 'OPEN_AMOUNT' }), 'loan.paid'),
  );

  app.post(
    `${P}/payment-full`,
    {
      ...passthroughText,
      config: payment,
      schema: { tags: TAG, summary: 'Settle the loan today (interest to the day per method)', body: payoffBody, response: paymentResult },
    },
    async (req) => ok(await submitPayment(ctxOf(req), { ...req.body, kind: 'PAYOFF' }), 'loan.paid_off'),
  );

  app.post(
    `${P}/cancel-payment`,
    {
      ...passthrough,
      config: { ...update, ...tx },
      schema: {
        tags: TAG,
        summary: "Cancel the loan's latest payment: reversal journal, installments reinstated",
        body: cancelPaymentBody,
      },
    },
    async (req) => ok(await cancel.cancelPayment(ctxOf(req), req.body), 'loan.payment_cancelled'),
  );

  app.post(
    `${P}/cancel-release`,
    {
      ...passthrough,
      config: { ...update, ...tx },
      schema: {
        tags: TAG,
        summary: 'Cancel a release before any payment: reversal journal, net taken back from savings, loan APPROVED again',
        description:
          'Needs the cancel-transaction and the release flags; refused after a posted payment or a restructure and in a closed period. ' +
          'The same as POST /api/transaction/cancel with the loan id.',
        body: cancelLoanReleaseBody,
      },
    },
    async (req) => ok(await cancel.cancelRelease(ctxOf(req), req.body), 'loan.release_cancelled'),
  );

  app.post(
    `${P}/:id/waive-fine`,
    {
      ...passthrough,
      config: { permission: 'member_transaction:delete', ...tx },
      schema: {
        tags: TAG,
        summary: 'Waive fines counted to today (permission member_transaction:delete)',
        params: loanIdParam,
        body: waiveFineBody,
      },
    },
    async (req) => ok(await cancel.waiveFine(ctxOf(req), req.params.id, req.body), 'loan.fine_waived'),
  );
}

/** Schedule changes: update-installment and restruktur. */
function changeRoutes(app: App) {
  // ------------------------------------------------------------ schedule changes

  app.post(
    `${P}/update-installment`,
    {
      ...passthrough,
      config: { ...update, ...tx },
      schema: { tags: TAG, summary: 'Change due dates or amounts of unpaid installments (audited)', body: updateInstallmentBody },
    },
    async (req) => ok(await changes.updateInstallments(ctxOf(req), req.body), 'loan.installments_updated'),
  );

  app.post(
    `${P}/restruktur`,
    {
      ...passthrough,
      config: { ...update, ...tx },
      schema: {
        tags: TAG,
        summary: 'New schedule on the remaining principal (tenor, rate, method; arrears capitalised or carried)',
        body: restrukturBody,
      },
    },
    async (req) => ok(await changes.restructure(ctxOf(req), req.body), 'loan.restructured'),
  );
}
