/**
 * The product form's rules as data: the per-kind contracts schemas, the
 * required fields and cross-field rules of each kind (the server's
 * checkTerms), the GL step's "every COA account must be selected", the
 * effective date of a terms change, and the bodies sent (only what changed
 * in a PATCH; a terms change carries its effective date).
 */
import { PRODUCT_KINDS } from '@koperasi/contracts/enums';
import { GL_ROLES } from '@koperasi/contracts/products';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFullCatalog, messageText } from '../../../lib/i18n/messages';
import {
  changedTermFields,
  createBody,
  earliestEffectiveDate,
  glErrors,
  kindSchema,
  missingGlRoles,
  newProductValues,
  type ProductFormValues,
  patchBody,
  productToValues,
  stepOfField,
  validateProduct,
} from '../lib/productForm';
import { changedTerms, termFieldNames, termValues } from '../lib/terms';
import type { ProductDetail, TermsView } from '../lib/types';

beforeAll(() => loadFullCatalog());

const TODAY = '2026-11-21';
const ids = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const withGl = (v: ProductFormValues): ProductFormValues => ({
  ...v,
  glAccounts: Object.fromEntries(GL_ROLES[v.kind].map((r, i) => [r, ids(i + 1)])),
});
const named = (v: ProductFormValues, over: Record<string, unknown> = {}) => withGl({ ...v, name: 'Produk Uji', ...over });
const check = (v: ProductFormValues, product?: ProductDetail) => validateProduct(v, { today: TODAY, product, text: messageText });

const terms = (over: Partial<TermsView> = {}): TermsView => ({
  version: 1,
  effectiveDate: '2026-01-01',
  minBalance: 10000,
  baseRate: 3,
  balanceBasis: 'TERENDAH',
  closingFee: 0,
  monthlyAdminFee: 0,
  interestTax: 10,
  interestMinBalance: 0,
  interestMaxBalance: null,
  dailyInterestPercent: 0,
  blockAmount: 0,
  planMonthlyAmount: null,
  planTargetBalance: null,
  planTargetMonths: null,
  amount: null,
  period: null,
  deposit: null,
  loan: null,
  bill: null,
  createdDate: '2026-01-01T01:00:00Z',
  ...over,
});

const product = (over: Partial<ProductDetail> = {}): ProductDetail => ({
  id: ids(99),
  code: 'SS',
  name: 'Simpanan Sukarela',
  kind: 'SAVING',
  category: 'SAVING',
  savingType: 'VOLUNTARY',
  description: null,
  audience: 'ALL',
  requiresApproval: false,
  isActive: true,
  systemKey: 'VOLUNTARY',
  terms: terms(),
  glAccounts: GL_ROLES.SAVING.map((role, i) => ({ role, coaId: ids(i + 1), code: `2010${i}`, name: role, type: 'LIABILITY' })),
  accountCount: 111,
  totalBalance: 431977000,
  createdDate: '2026-01-01T01:00:00Z',
  updatedDate: '2026-01-01T01:00:00Z',
  versions: [terms()],
  upcomingTerms: null,
  ...over,
});

describe('per-kind schemas', () => {
  it('has the contracts schema of every kind, and a new product of each kind with its accounts passes it', () => {
    const types: Record<string, string[]> = { SAVING: ['VOLUNTARY', 'PLAN'], SAVING_EQUITY: ['PRINCIPAL', 'MANDATORY', 'PARTICIPATION'] };
    for (const kind of PRODUCT_KINDS) {
      for (const savingType of types[kind] ?? ['']) {
        const v = named(newProductValues(kind, savingType, TODAY), {
          amount: 50000,
          planMonthlyAmount: 100000,
          interestMethod: 'FLAT',
          interestRate: 1.5,
          billType: 'FIXED_BILL',
        });
        expect(kindSchema(kind).safeParse(createBody(v)).success, `${kind} ${savingType}`).toBe(true);
        expect(check(v), `${kind} ${savingType}`).toEqual({});
      }
    }
  });

  it('keeps the schema messages: percent over 100, invalid code, empty name', () => {
    const v = named(newProductValues('SAVING', 'VOLUNTARY', TODAY), { baseRate: 120, code: 'ss 01', name: '  ' });
    expect(check(v)).toMatchObject({ baseRate: 'validation.max_percent', code: 'product.code_invalid', name: 'validation.name_required' });
  });

  it('refuses a kind without schema', () => {
    expect(() => kindSchema('NOPE' as never)).toThrow();
  });
});

describe('required fields and cross-field rules per kind', () => {
  it('savings: minimum balance required; maximum balance for interest not below the minimum', () => {
    const v = named(newProductValues('SAVING', 'VOLUNTARY', TODAY), {
      minBalance: null,
      interestMinBalance: 5000000,
      interestMaxBalance: 1000000,
    });
    expect(check(v)).toEqual({ minBalance: 'validation.required', interestMaxBalance: 'product.interest_max_below_min' });
    expect(check({ ...v, minBalance: 0, interestMaxBalance: null })).toEqual({});
  });

  it('plan savings need the monthly amount, and a target not below it', () => {
    const v = named(newProductValues('SAVING', 'PLAN', TODAY));
    expect(check(v)).toEqual({ planMonthlyAmount: 'product.plan_monthly_required' });
    expect(check({ ...v, planMonthlyAmount: 250000, planTargetBalance: 100000 })).toEqual({
      planTargetBalance: 'product.plan_target_below_monthly',
    });
    expect(check({ ...v, planMonthlyAmount: 250000, planTargetBalance: 6000000, planTargetMonths: 24 })).toEqual({});
    expect(check({ ...v, planMonthlyAmount: 250000, planTargetMonths: 0 })).toEqual({ planTargetMonths: 'validation.invalid' });
  });

  it('principal and mandatory savings need their amount; mandatory its period; participation starts at 0', () => {
    expect(check(named(newProductValues('SAVING_EQUITY', 'PRINCIPAL', TODAY)))).toEqual({ amount: 'product.equity_amount_required' });
    expect(check(named(newProductValues('SAVING_EQUITY', 'MANDATORY', TODAY), { amount: 50000, period: '' }))).toEqual({
      period: 'product.period_required',
    });
    expect(check(named(newProductValues('SAVING_EQUITY', 'PARTICIPATION', TODAY)))).toEqual({});
    expect(newProductValues('SAVING_EQUITY', 'MANDATORY').audience).toBe('MEMBER');
  });

  it('term deposits: maximum not below the minimum', () => {
    const v = named(newProductValues('SAVING_DEPOSIT', '', TODAY), { minDeposit: 10000000, maxDeposit: 5000000 });
    expect(check(v)).toEqual({ maxDeposit: 'product.max_below_min' });
  });

  it('loans: method and rate required, tenors and amounts in order, percent fees at most 100, rupiah fees two decimals', () => {
    const v = named(newProductValues('LOAN', '', TODAY));
    expect(check(v)).toEqual({ interestMethod: 'product.interest_method_required', interestRate: 'product.interest_rate_required' });
    const ok = { ...v, interestMethod: 'ANUITAS', interestRate: 1.25 };
    expect(check({ ...ok, minTenor: 12, maxTenor: 6 })).toEqual({ maxTenor: 'product.tenor_max_below_min' });
    expect(check({ ...ok, minAmount: 5000000, maxAmount: 1000000 })).toEqual({ maxAmount: 'product.max_below_min' });
    expect(check({ ...ok, provisionFee: 150 })).toEqual({ provisionFee: 'validation.max_percent' });
    expect(check({ ...ok, adminFee: 150, adminFeeType: 'NOMINAL' })).toEqual({});
    expect(check({ ...ok, adminFee: 10.555 })).toEqual({ adminFee: 'validation.amount_decimals' });
    expect(check({ ...ok, minTenor: 400, maxTenor: 400 })).toEqual({ minTenor: 'validation.invalid', maxTenor: 'validation.invalid' });
    expect(check({ ...ok, dueDay: 31 })).toMatchObject({ dueDay: 'validation.invalid' });
  });

  it('bills: the bill type is required', () => {
    expect(check(named(newProductValues('BILL', '', TODAY)))).toEqual({ billType: 'product.bill_type_required' });
  });
});

describe('GL step rule', () => {
  it('every role of the kind needs an account', () => {
    for (const kind of PRODUCT_KINDS) {
      const v = newProductValues(kind);
      expect(missingGlRoles(kind, v.glAccounts)).toEqual([...GL_ROLES[kind]]);
      expect(Object.values(glErrors(kind, v.glAccounts)).every((m) => m === 'validation.account_not_selected')).toBe(true);
    }
  });

  it('one account left empty: the error sits on that role only, with the spec message', () => {
    const v = named(newProductValues('SAVING', 'VOLUNTARY', TODAY));
    v.glAccounts.TAX_PAYABLE = '';
    const errors = check(v);
    expect(errors).toEqual({ 'glAccounts.TAX_PAYABLE': 'validation.account_not_selected' });
    expect(messageText('validation.account_not_selected', undefined, 'id')).toBe('Semua akun COA wajib dipilih');
    expect(messageText('validation.account_not_selected', undefined, 'en')).toBe('Every COA account must be selected');
    expect(stepOfField(v, 'glAccounts.TAX_PAYABLE')).toBe(2);
  });

  it('sends every role, an empty one as null (the server answers the same message)', () => {
    const v = named(newProductValues('SAVING_EQUITY', 'PRINCIPAL', TODAY), { amount: 100000 });
    v.glAccounts.CONTROL = '';
    expect(createBody(v).glAccounts).toEqual({ CONTROL: null });
  });
});

describe('bodies', () => {
  it('create: the kind fields only, empty caps as null, code generated when empty', () => {
    const v = named(newProductValues('SAVING', 'VOLUNTARY', TODAY), { minBalance: 20000, baseRate: 3.5 });
    const body = createBody(v) as Record<string, unknown>;
    expect(body).toMatchObject({ kind: 'SAVING', savingType: 'VOLUNTARY', name: 'Produk Uji', minBalance: 20000, baseRate: 3.5 });
    expect(body.code).toBeUndefined();
    expect(body.interestMaxBalance).toBeNull();
    expect('planMonthlyAmount' in body).toBe(false);
    expect('amount' in body).toBe(false);
    expect(Object.keys(body.glAccounts as object)).toEqual([...GL_ROLES.SAVING]);
    const loan = createBody(named(newProductValues('LOAN', '', TODAY), { interestMethod: 'FLAT', interestRate: 2 })) as Record<
      string,
      unknown
    >;
    expect(loan).toMatchObject({
      adminFeeType: 'NOMINAL',
      provisionFeeType: 'PERCENT',
      fineMethod: 'NOMINAL',
      applicationNeedsApproval: true,
    });
    expect('savingType' in loan).toBe(false);
  });

  it('update: nothing changed sends only the id', () => {
    const p = product();
    expect(patchBody(p, productToValues(p, TODAY))).toEqual({ id: p.id });
  });

  it('update: a terms change carries its effective date; in-place fields and GL roles only when changed', () => {
    const p = product();
    const v = productToValues(p, TODAY);
    expect(v.effectiveDate).toBe(TODAY);
    expect(patchBody(p, { ...v, minBalance: 25000, effectiveDate: '2026-12-01' })).toEqual({
      id: p.id,
      minBalance: 25000,
      effectiveDate: '2026-12-01',
    });
    expect(patchBody(p, { ...v, name: 'Simpanan Sukarela Plus' })).toEqual({ id: p.id, name: 'Simpanan Sukarela Plus' });
    expect(patchBody(p, { ...v, glAccounts: { ...v.glAccounts, TAX_PAYABLE: ids(50) } })).toEqual({
      id: p.id,
      glAccounts: { TAX_PAYABLE: ids(50) },
    });
    expect(changedTermFields(p, { ...v, baseRate: 3, balanceBasis: 'HARIAN' })).toEqual(['balanceBasis']);
  });

  it('update builds on the latest version, a scheduled one included', () => {
    const scheduled = terms({ version: 2, effectiveDate: '2026-12-01', minBalance: 50000 });
    const p = product({ versions: [scheduled, terms()], upcomingTerms: scheduled });
    const v = productToValues(p, TODAY);
    expect(v.minBalance).toBe(50000);
    expect(earliestEffectiveDate(p, TODAY)).toBe('2026-12-01');
    expect(patchBody(p, v)).toEqual({ id: p.id });
  });
});

describe('effective date of a terms change', () => {
  it('never before today', () => {
    const p = product();
    const v = { ...productToValues(p, TODAY), minBalance: 25000, effectiveDate: '2026-11-20' };
    expect(check(v, p)).toEqual({ effectiveDate: 'product.terms_backdated' });
    expect(check({ ...v, effectiveDate: TODAY }, p)).toEqual({});
  });

  it('never before a version already scheduled (the message names its day)', () => {
    const scheduled = terms({ version: 2, effectiveDate: '2026-12-01' });
    const p = product({ versions: [scheduled, terms()], upcomingTerms: scheduled });
    const v = { ...productToValues(p, TODAY), minBalance: 25000, effectiveDate: '2026-11-25' };
    expect(check(v, p).effectiveDate).toBe(
      'Sudah ada ketentuan yang dijadwalkan berlaku 2026-12-01; perubahan baru harus berlaku pada tanggal itu atau sesudahnya',
    );
  });

  it('a new product needs its first day (any day: nothing has moved yet)', () => {
    const v = named(newProductValues('BILL', '', null), { billType: 'FIXED_BILL' });
    expect(check(v)).toEqual({ effectiveDate: 'validation.required' });
    expect(check({ ...v, effectiveDate: '2020-01-01' })).toEqual({});
  });
});

describe('terms versions', () => {
  it('lists what a version changed against the one before', () => {
    const v1 = terms();
    const v2 = terms({ version: 2, minBalance: 25000, balanceBasis: 'HARIAN' });
    expect(changedTerms('SAVING', 'VOLUNTARY', v1, v2)).toEqual([
      { name: 'minBalance', from: 10000, to: 25000 },
      { name: 'balanceBasis', from: 'TERENDAH', to: 'HARIAN' },
    ]);
    const loan1 = terms({ loan: { interestMethod: 'FLAT', interestRate: 1.5, adminFee: 0, adminFeeType: 'NOMINAL' } });
    const loan2 = terms({ version: 2, loan: { interestMethod: 'FLAT', interestRate: 1.25, adminFee: 1, adminFeeType: 'PERCENT' } });
    expect(changedTerms('LOAN', null, loan1, loan2).map((c) => c.name)).toEqual(['interestRate', 'adminFee', 'adminFeeType']);
    expect(termValues('LOAN', loan2).interestRate).toBe(1.25);
    expect(termFieldNames('SAVING', 'VOLUNTARY')).not.toContain('planMonthlyAmount');
    expect(termFieldNames('SAVING', 'PLAN')).toContain('planMonthlyAmount');
  });
});
