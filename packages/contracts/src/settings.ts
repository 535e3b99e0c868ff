/**
 * Cooperative settings (spec section 2 "Pengaturan", section 7 "Settings"):
 * the cooperative's details and officers, loan collectability grades, the
 * key-value configuration, the member feature check and AD/ART documents.
 * docs/access.md describes every configuration key.
 */
import { z } from 'zod';
import { optionalEmailField, optionalPhoneField, optionalText, optionalUuidField, requiredText } from './access.ts';
import { dateString, listQuery, moneyNonNegative, optionalFilter, percent } from './common.ts';
import { COLLECTABILITY_GRADES, COOPERATIVE_TYPES, OFFICER_TITLES, PERIODS } from './enums.ts';

// ---------------------------------------------------------------- cooperative

export const OFFICER_BOARDS = ['PENGURUS', 'PENGAWAS'] as const;
export type OfficerBoard = (typeof OFFICER_BOARDS)[number];

export const officerInput = z.object({
  board: z.enum(OFFICER_BOARDS, { error: 'settings.officer_board_invalid' }),
  title: z.enum(OFFICER_TITLES, { error: 'access.position_invalid' }),
  name: requiredText('validation.name_required', 150),
  userId: optionalUuidField,
  phone: optionalPhoneField,
  periodStart: dateString.nullable().optional(),
  periodEnd: dateString.nullable().optional(),
});

const optionalDate = dateString
  .or(z.literal(''))
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v ? v : null));

/**
 * The cooperative's time zone (tenant_config `timeZone`): the local time of its scheduled jobs (interest release,
 * fines, auto debit, reminders) and its calendar day. Indonesia's three zones: WIB, WITA, WIT.
 */
export const COOPERATIVE_TIME_ZONES = ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'] as const;
export type CooperativeTimeZone = (typeof COOPERATIVE_TIME_ZONES)[number];
export const DEFAULT_TIME_ZONE: CooperativeTimeZone = 'Asia/Jakarta';

export const tenantUpdateBody = z.object({
  name: requiredText('validation.cooperative_name_required', 150).optional(),
  cooperativeType: z.enum(COOPERATIVE_TYPES, { error: 'validation.cooperative_type_required' }).optional(),
  legalEntityNumber: optionalText(100),
  legalEntityDate: optionalDate,
  cooperativeNumber: optionalText(100),
  taxNumber: optionalText(50),
  address: optionalText(500),
  city: optionalText(100),
  province: optionalText(100),
  postalCode: optionalText(10),
  phone: optionalPhoneField,
  email: optionalEmailField,
  website: optionalText(200),
  fiscalYearStartMonth: z.coerce.number().int().min(1, 'settings.fiscal_month_invalid').max(12, 'settings.fiscal_month_invalid').optional(),
  timeZone: z.enum(COOPERATIVE_TIME_ZONES, { error: 'settings.time_zone_invalid' }).optional(),
  /** When present, replaces the whole list of officers (pengurus and pengawas). */
  officers: z.array(officerInput).max(50, 'validation.invalid').optional(),
});
export type TenantUpdateBody = z.input<typeof tenantUpdateBody>;

// ---------------------------------------------------------------- collectability

/**
 * How days late are counted for the ranges: HARIAN = calendar days since the
 * oldest unpaid installment fell due; BULANAN = whole months of arrears times
 * 30 (a loan one installment behind is 30 days late, two behind 60, ...).
 */
export const COLLECTABILITY_CALCULATION_TYPES = PERIODS;
export type CollectabilityCalculationType = (typeof PERIODS)[number];
export type CollectabilityGrade = (typeof COLLECTABILITY_GRADES)[number];

const days = z.coerce.number({ error: 'settings.days_invalid' }).int('settings.days_invalid').min(0, 'settings.days_invalid').max(36500);

export const collectabilityItem = z.object({
  grade: z.enum(COLLECTABILITY_GRADES, { error: 'settings.grade_invalid' }),
  daysLateFrom: days,
  /** null = no upper bound (MACET). */
  daysLateUntil: days.nullable(),
  /** Allowance for bad debts (PPAP) in percent of the outstanding principal. */
  allowancePercent: percent.optional(),
});

/** POST: the whole set of four grades. */
export const collectabilitySetBody = z.object({
  calculationType: z.enum(PERIODS, { error: 'settings.calculation_type_invalid' }),
  items: z.array(collectabilityItem).min(1, 'settings.grades_incomplete'),
});

/** PATCH: some grades (by grade, or by id) and/or the calculation type; the resulting set is validated whole. */
export const collectabilityPatchBody = z.object({
  calculationType: z.enum(PERIODS, { error: 'settings.calculation_type_invalid' }).optional(),
  items: z
    .array(
      z
        .object({
          id: z.string().uuid('validation.uuid').optional(),
          grade: z.enum(COLLECTABILITY_GRADES, { error: 'settings.grade_invalid' }).optional(),
          daysLateFrom: days.optional(),
          daysLateUntil: days.nullable().optional(),
          allowancePercent: percent.optional(),
        })
        .refine((i) => Boolean(i.id || i.grade), { message: 'settings.grade_invalid', path: ['grade'] }),
    )
    .optional(),
});

export interface CollectabilityRange {
  grade: CollectabilityGrade;
  daysLateFrom: number;
  daysLateUntil: number | null;
}

/** Defaults seeded for every cooperative (after OJK / Kemenkop practice); docs/access.md explains them. */
export const DEFAULT_COLLECTABILITY: Array<CollectabilityRange & { allowancePercent: number }> = [
  { grade: 'LANCAR', daysLateFrom: 0, daysLateUntil: 30, allowancePercent: 0.5 },
  { grade: 'KURANG LANCAR', daysLateFrom: 31, daysLateUntil: 90, allowancePercent: 10 },
  { grade: 'DIRAGUKAN', daysLateFrom: 91, daysLateUntil: 180, allowancePercent: 50 },
  { grade: 'MACET', daysLateFrom: 181, daysLateUntil: null, allowancePercent: 100 },
];
export const DEFAULT_COLLECTABILITY_CALCULATION: CollectabilityCalculationType = 'HARIAN';

/** The grade of a loan `daysLate` days late under these ranges (they cover 0..infinity without gaps once validated). */
export function collectabilityGradeOf(daysLate: number, ranges: CollectabilityRange[]): CollectabilityGrade {
  const d = Math.max(0, Math.floor(daysLate));
  const hit = ranges.find((r) => d >= r.daysLateFrom && (r.daysLateUntil === null || d <= r.daysLateUntil));
  return hit?.grade ?? 'MACET';
}

// ---------------------------------------------------------------- configuration

const money = moneyNonNegative;
const UNKNOWN_FIELD = { error: 'settings.config_unknown_field' };

/** Peraturan koperasi: membership dues and rules the member and savings modules apply. */
export const cooperativeRegulationConfig = z.strictObject(
  {
    /** Simpanan pokok, paid once on joining. */
    principalSavingAmount: money,
    /** Simpanan wajib, due every month. */
    mandatorySavingAmount: money,
    /** Day of the month the mandatory saving falls due (1-28). */
    mandatorySavingDueDay: z.number().int().min(1, 'settings.due_day_invalid').max(28, 'settings.due_day_invalid'),
    /** One-off registration fee (uang pendaftaran). */
    registrationFee: money,
    /** A prospective member becomes a member only after interview and approval. */
    membershipRequiresApproval: z.boolean(),
    minimumMemberAge: z.number().int().min(0).max(100),
  },
  UNKNOWN_FIELD,
);

/** Aplikasi mobile: what the members' app may do. */
export const mobileAppsConfig = z.strictObject(
  {
    enabled: z.boolean(),
    onlineWithdrawal: z.boolean(),
    onlineLoan: z.boolean(),
    ppob: z.boolean(),
    transfer: z.boolean(),
    minimumAppVersion: z
      .string()
      .trim()
      .regex(/^\d+(\.\d+){0,3}$/, 'settings.app_version_invalid')
      .nullable(),
    announcement: z.string().trim().max(500).nullable(),
  },
  UNKNOWN_FIELD,
);

/** Layanan anggota: online service amounts and the PPOB margin. */
export const memberServicesConfig = z
  .strictObject(
    {
      /** Margin the cooperative adds to each PPOB purchase: rupiah (NOMINAL) or percent of the price (PERCENT). */
      ppobMarginType: z.enum(['NOMINAL', 'PERCENT']),
      ppobMargin: money,
      onlineWithdrawalMin: money,
      /** null = no maximum. */
      onlineWithdrawalMax: money.nullable(),
      onlineLoanMax: money.nullable(),
      transferFee: money,
    },
    UNKNOWN_FIELD,
  )
  .refine((v) => v.ppobMarginType !== 'PERCENT' || v.ppobMargin <= 100, { message: 'validation.max_percent', path: ['ppobMargin'] })
  .refine((v) => v.onlineWithdrawalMax === null || v.onlineWithdrawalMax >= v.onlineWithdrawalMin, {
    message: 'settings.withdrawal_max_below_min',
    path: ['onlineWithdrawalMax'],
  });

export const CIF_TOKEN_RE = /\{(YYYY|YY|MM|BRANCH|SEQ:(\d{1,2}))\}/g;

/** Checks a CIF pattern; returns a catalogue key of the problem, or null. */
export function cifPatternError(pattern: string): string | null {
  const seqs = [...pattern.matchAll(/\{SEQ:(\d{1,2})\}/g)];
  if (seqs.length !== 1) return 'settings.cif_seq_required';
  const n = Number(seqs[0][1]);
  if (n < 3 || n > 10) return 'settings.cif_seq_length';
  const literal = pattern.replace(CIF_TOKEN_RE, '');
  if (/[{}]/.test(literal)) return 'settings.cif_unknown_token';
  if (!/^[A-Za-z0-9./-]*$/.test(literal)) return 'settings.cif_bad_chars';
  return null;
}

/**
 * A member's CIF number from the pattern: {YYYY} {YY} {MM} of the join date,
 * {BRANCH} the branch code (or '00'), {SEQ:n} the sequence zero-padded to n.
 * The sequence counts per distinct prefix (the text before {SEQ}), so a
 * pattern with the year restarts every year and one with the branch per branch.
 */
export function formatCifNumber(pattern: string, v: { date: string; branchCode?: string | null; sequence: number }): string {
  const [y, m] = v.date.split('-');
  return pattern.replace(CIF_TOKEN_RE, (_all, token: string, n?: string) => {
    if (token === 'YYYY') return y;
    if (token === 'YY') return y.slice(2);
    if (token === 'MM') return m;
    if (token === 'BRANCH') return v.branchCode || '00';
    return String(v.sequence).padStart(Number(n), '0');
  });
}

export const cifNumberConfig = z.strictObject(
  {
    pattern: z
      .string()
      .trim()
      .min(1, 'settings.cif_seq_required')
      .max(40)
      .superRefine((p, ctx) => {
        const e = cifPatternError(p);
        if (e) ctx.addIssue({ code: 'custom', message: e });
      }),
  },
  UNKNOWN_FIELD,
);

export const ABOVE_LIMIT_POLICIES = ['REFUSE', 'REQUEST_APPROVAL'] as const;
export type AboveLimitPolicy = (typeof ABOVE_LIMIT_POLICIES)[number];

/** What happens when a user's role limit is exceeded (the savings and loans modules apply it). */
export const transactionPolicyConfig = z.strictObject(
  {
    withdrawalAboveLimit: z.enum(ABOVE_LIMIT_POLICIES),
    loanRequestAboveLimit: z.enum(ABOVE_LIMIT_POLICIES),
    /** Users of role TELLER must open a teller session (buka kas) before any money movement (docs/teller.md). */
    tellerSessionRequired: z.boolean(),
  },
  UNKNOWN_FIELD,
);

/**
 * Tax on the interest members receive (PP 15/2009): per month and subject (MEMBER: all of a member's deposits and
 * savings together; ACCOUNT: each account alone), up to taxFreeAmount untaxed, above it the whole amount at ratePct.
 * The deposits and savings interest releases apply it (packages/finance deposit.ts monthlyInterestTax).
 */
export const interestTaxConfig = z.strictObject(
  {
    taxFreeAmount: money,
    ratePct: z.number().min(0, 'validation.invalid').max(100, 'validation.max_percent'),
    basis: z.enum(['MEMBER', 'ACCOUNT']),
  },
  UNKNOWN_FIELD,
);

export const CONFIG_SCHEMAS = {
  cooperativeRegulation: cooperativeRegulationConfig,
  mobileApps: mobileAppsConfig,
  memberServices: memberServicesConfig,
  cifNumber: cifNumberConfig,
  transactionPolicy: transactionPolicyConfig,
  interestTax: interestTaxConfig,
} as const;
export type ConfigKey = keyof typeof CONFIG_SCHEMAS;
export const CONFIG_KEYS = Object.keys(CONFIG_SCHEMAS) as ConfigKey[];
export type ConfigValues = { [K in ConfigKey]: z.output<(typeof CONFIG_SCHEMAS)[K]> };

/** Every key's value until a cooperative changes it. */
export const CONFIG_DEFAULTS: ConfigValues = {
  cooperativeRegulation: {
    principalSavingAmount: 100000,
    mandatorySavingAmount: 50000,
    mandatorySavingDueDay: 10,
    registrationFee: 0,
    membershipRequiresApproval: true,
    minimumMemberAge: 17,
  },
  mobileApps: {
    enabled: false,
    onlineWithdrawal: false,
    onlineLoan: false,
    ppob: false,
    transfer: false,
    minimumAppVersion: null,
    announcement: null,
  },
  memberServices: {
    ppobMarginType: 'NOMINAL',
    ppobMargin: 0,
    onlineWithdrawalMin: 10000,
    onlineWithdrawalMax: 5000000,
    onlineLoanMax: 25000000,
    transferFee: 0,
  },
  cifNumber: { pattern: '{YYYY}{SEQ:6}' },
  interestTax: { taxFreeAmount: 240000, ratePct: 10, basis: 'MEMBER' },
  transactionPolicy: { withdrawalAboveLimit: 'REFUSE', loanRequestAboveLimit: 'REQUEST_APPROVAL', tellerSessionRequired: true },
};

/** POST /api/configuration: some keys, each with some of its fields (merged with the stored value). */
export const configurationBody = z.record(z.string(), z.record(z.string(), z.unknown()));

export const configurationQuery = z.object({ key: optionalFilter });

// ---------------------------------------------------------------- member features

/** Actions GET member/fetaure answers for (case-insensitive; '-' and ' ' read as '_'). */
export const MEMBER_FEATURES = ['MOBILE_APP', 'ONLINE_WITHDRAWAL', 'ONLINE_LOAN', 'PPOB', 'TRANSFER'] as const;
export type MemberFeature = (typeof MEMBER_FEATURES)[number];
export const memberFeatureQuery = z.object({
  action: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .transform((v) => v.toUpperCase().replace(/[\s-]+/g, '_')),
});

// ---------------------------------------------------------------- AD/ART

export const AD_ART_TYPES = ['AD', 'ART', 'LAINNYA'] as const;
export const adArtListQuery = listQuery.extend({ documentType: optionalFilter.pipe(z.enum(AD_ART_TYPES).optional()) });
export const adArtFields = z.object({
  title: requiredText('settings.title_required', 200),
  description: optionalText(1000),
  documentType: z.enum(AD_ART_TYPES, { error: 'validation.invalid' }).default('AD'),
});
/** Largest AD/ART file (PDF, JPEG, PNG, WebP). */
export const AD_ART_MAX_BYTES = 10 * 1024 * 1024;
/** Largest logo upload (re-encoded to PNG, at most 1024 px on its longer side). */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
