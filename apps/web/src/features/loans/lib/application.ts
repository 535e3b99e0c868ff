/**
 * The loan application form as data: its values, the checks the browser can
 * make before the server (the contracts' amount and tenor rules, the
 * product's bounds, collateral the product requires), the fees the product
 * deducts at release and what the member receives (exact, Dec), the annual
 * rate the simulation takes (the product quotes per month), and the body of
 * POST request-open-product-member. The server decides; these are previews.
 */
import { loanOpenBody } from '@koperasi/contracts/loans';
import { Dec, dec } from '@koperasi/finance/money';
import { z } from 'zod';
import type { LoanTerms } from '../api/types';

export interface CollateralValues {
  type: string;
  number: string;
  detail: string;
  value: number | null;
}

export interface GuarantorValues {
  name: string;
  relationship: string;
  phone: string;
  identityNumber: string;
  address: string;
}

export interface ApplicationValues {
  memberId: string;
  productId: string;
  amount: number | null;
  tenorInMonth: number | null;
  dueDay: number | null;
  purpose: string;
  criteria: string;
  description: string;
  collaterals: CollateralValues[];
  withGuarantor: boolean;
  guarantor: GuarantorValues;
}

export const emptyCollateral = (): CollateralValues => ({ type: '', number: '', detail: '', value: null });
export const emptyGuarantor = (): GuarantorValues => ({ name: '', relationship: '', phone: '', identityNumber: '', address: '' });

export function newApplication(memberId = ''): ApplicationValues {
  return {
    memberId,
    productId: '',
    amount: null,
    tenorInMonth: null,
    dueDay: null,
    purpose: '',
    criteria: '',
    description: '',
    collaterals: [],
    withGuarantor: false,
    guarantor: emptyGuarantor(),
  };
}

const blank = (s: string) => (s.trim() ? s.trim() : null);

/** The body of POST transaction/request-open-product-member (empty texts and sections left out). */
export function applicationBody(v: ApplicationValues): Record<string, unknown> {
  const collaterals = v.collaterals
    .filter((c) => c.number.trim() || c.detail.trim() || c.type.trim() || c.value)
    .map((c) => ({ type: blank(c.type), number: c.number.trim(), detail: blank(c.detail), value: c.value ?? 0 }));
  const g = v.guarantor;
  return {
    memberId: v.memberId,
    productId: v.productId,
    amount: v.amount,
    tenorInMonth: v.tenorInMonth,
    ...(v.dueDay ? { dueDay: v.dueDay } : {}),
    purpose: blank(v.purpose),
    ...(collaterals.length ? { collaterals } : {}),
    ...(v.withGuarantor
      ? {
          guarantor: {
            name: g.name.trim(),
            relationship: blank(g.relationship),
            phone: blank(g.phone),
            identityNumber: blank(g.identityNumber),
            address: blank(g.address),
          },
        }
      : {}),
    criteria: blank(v.criteria),
    description: blank(v.description),
  };
}

/** The product's annual rate for the simulation (terms quote percent per month). */
export function annualRate(terms: LoanTerms | null | undefined): number | null {
  if (terms?.interestRate === undefined || terms.interestRate === null) return null;
  return dec(terms.interestRate).times(12).toNumber();
}

/** A fee of the product on `amount`: rupiah, or percent of the amount rounded half-up to the sen. */
export function feeOf(amount: number | null | undefined, fee: number | null | undefined, type: string | null | undefined): number {
  if (!fee || !amount) return 0;
  return type === 'PERCENT' ? dec(amount).times(dec(fee)).div(100).toDecimalPlaces(2, Dec.ROUND_HALF_UP).toNumber() : dec(fee).toNumber();
}

export interface ReleasePreview {
  adminFee: number;
  provisionFee: number;
  otherCosts: number;
  totalDeductions: number;
  /** What the member receives. */
  net: number;
}

/** What the release deducts and pays out for `amount` under the product's terms. */
export function releasePreview(amount: number | null | undefined, terms: LoanTerms | null | undefined): ReleasePreview {
  const adminFee = feeOf(amount, terms?.adminFee, terms?.adminFeeType);
  const provisionFee = feeOf(amount, terms?.provisionFee, terms?.provisionFeeType);
  const otherCosts = amount ? dec(terms?.otherCosts ?? 0).toNumber() : 0;
  const total = dec(adminFee).plus(dec(provisionFee)).plus(dec(otherCosts));
  return {
    adminFee,
    provisionFee,
    otherCosts,
    totalDeductions: total.toNumber(),
    net: amount ? dec(amount).minus(total).toNumber() : 0,
  };
}

/** Texts of the product-bound messages (the form's language). */
export interface BoundTexts {
  amountMin: (min: number) => string;
  amountMax: (max: number) => string;
  tenorMin: (min: number) => string;
  tenorMax: (max: number) => string;
  collateralRequired: string;
  guarantorName: string;
}

/**
 * The form's schema: the contracts' rules for the fields the server checks
 * (loanOpenBody: amount and tenor required, 2 decimals, tenor 1-360, due day
 * 1-28, collateral number, guarantor name) plus the chosen product's bounds.
 */
export function applicationSchema(terms: LoanTerms | null | undefined, texts: BoundTexts) {
  return z
    .object({
      memberId: z.string().min(1, 'validation.must_choose'),
      productId: z.string().min(1, 'validation.must_choose'),
      amount: z.unknown(),
      tenorInMonth: z.unknown(),
      dueDay: z.unknown(),
      purpose: z.string().max(500, 'validation.invalid'),
      criteria: z.string().max(2000, 'validation.invalid'),
      description: z.string().max(500, 'validation.invalid'),
      collaterals: z.array(z.object({ type: z.string(), number: z.string(), detail: z.string(), value: z.number().nullable() })),
      withGuarantor: z.boolean(),
      guarantor: z.object({
        name: z.string(),
        relationship: z.string(),
        phone: z.string(),
        identityNumber: z.string(),
        address: z.string(),
      }),
    })
    .superRefine((v, ctx) => {
      const values = v as unknown as ApplicationValues;
      const body = applicationBody(values);
      // The server's own schema, where it speaks of the fields of this form.
      const parsed = loanOpenBody.safeParse({ ...body, memberId: body.memberId || undefined, productId: body.productId || undefined });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const [head, ...rest] = issue.path.map(String);
          if (head === 'memberId' || head === 'productId') continue;
          if (head === 'guarantor' && !values.withGuarantor) continue;
          ctx.addIssue({ code: 'custom', message: issue.message, path: [head!, ...rest] });
        }
      }
      if (values.withGuarantor && !values.guarantor.name.trim())
        ctx.addIssue({ code: 'custom', message: texts.guarantorName, path: ['guarantor', 'name'] });
      if (!terms) return;
      const amount = typeof values.amount === 'number' ? values.amount : null;
      if (amount !== null) {
        if (terms.minAmount && dec(amount).lt(dec(terms.minAmount)))
          ctx.addIssue({ code: 'custom', message: texts.amountMin(terms.minAmount), path: ['amount'] });
        if (terms.maxAmount && dec(amount).gt(dec(terms.maxAmount)))
          ctx.addIssue({ code: 'custom', message: texts.amountMax(terms.maxAmount), path: ['amount'] });
      }
      const tenor = typeof values.tenorInMonth === 'number' ? values.tenorInMonth : null;
      if (tenor !== null) {
        if (terms.minTenor && tenor < terms.minTenor)
          ctx.addIssue({ code: 'custom', message: texts.tenorMin(terms.minTenor), path: ['tenorInMonth'] });
        if (terms.maxTenor && tenor > terms.maxTenor)
          ctx.addIssue({ code: 'custom', message: texts.tenorMax(terms.maxTenor), path: ['tenorInMonth'] });
      }
      if (terms.requiresCollateral && !values.collaterals.some((c) => c.number.trim()))
        ctx.addIssue({ code: 'custom', message: texts.collateralRequired, path: ['collaterals'] });
    });
}

/** True when `amount` is above a limit (null = no limit). */
export function aboveLimit(amount: number | null | undefined, limit: number | null | undefined): boolean {
  if (amount === null || amount === undefined || limit === null || limit === undefined) return false;
  return dec(amount).gt(dec(limit));
}
