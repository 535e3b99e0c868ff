/**
 * Members (anggota): request and response shapes shared by the API and the web
 * app. Error messages are catalogue keys (messages/members.ts).
 */
import { z } from 'zod';
import { boolFilter, dateString, listQuery, moneyNonNegative, normalizePhone, optionalFilter, todayWib, uuid } from './common.ts';
import { GENDERS, IDENTITY_TYPES, MEMBER_TYPES } from './enums.ts';

export type MemberType = (typeof MEMBER_TYPES)[number];
export type IdentityType = (typeof IDENTITY_TYPES)[number];
export type Gender = (typeof GENDERS)[number];

/**
 * Lifecycle states (docs/members.md):
 * PROSPECTIVE: WAITING_INTERVIEW → WAITING_APPROVAL → (approved: MEMBER ACTIVE) | REJECTED;
 * MEMBER / NON_MEMBER: ACTIVE → EXITED.
 */
export const MEMBER_STATUSES = ['WAITING_INTERVIEW', 'WAITING_APPROVAL', 'ACTIVE', 'REJECTED', 'EXITED'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const UPGRADE_STATUSES = ['WAITING_APPROVAL', 'APPROVED', 'REJECTED'] as const;
export const INTERVIEW_RESULTS = ['RECOMMENDED', 'NOT_RECOMMENDED'] as const;
export const APPROVAL_DECISIONS = ['APPROVED', 'REJECTED'] as const;
export const PRINCIPAL_STATUSES = ['NOT_REQUIRED', 'OWED', 'PAID'] as const;
export const REGISTRATION_CHANNELS = ['STAFF', 'MEMBER_APP', 'UPLOAD', 'MIGRATION'] as const;
export const MEMBER_PHOTO_KINDS = ['self', 'identity-card', 'family-card'] as const;
export type MemberPhotoKind = (typeof MEMBER_PHOTO_KINDS)[number];

/** Largest member upload, in data rows. */
export const MEMBER_UPLOAD_MAX_ROWS = 100_000;
/** Largest photo accepted before re-encoding, in bytes. */
export const MEMBER_PHOTO_MAX_BYTES = 8 * 1024 * 1024;

// ---------------------------------------------------------------- field rules

/** Strip spaces, dots and dashes people type in identity numbers; passports upper-cased. */
export function cleanIdentityNumber(v: string): string {
  return v.replace(/[\s.-]/g, '').toUpperCase();
}

/** Catalogue key of what is wrong with an identity number of a type, or null. */
export function identityNumberError(type: IdentityType, number: string): string | null {
  if (!number) return 'member.identity_required';
  if (type === 'KTP') return /^\d{16}$/.test(number) && !/^0+$/.test(number) ? null : 'member.nik_16_digits';
  if (type === 'SIM') return /^\d{12,14}$/.test(number) ? null : 'member.sim_invalid';
  return /^[A-Z0-9]{6,12}$/.test(number) ? null : 'member.passport_invalid';
}

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.invalid')
    .transform((v) => v.replace(/\s+/g, ' '));
/** Optional text: absent stays undefined (PATCH leaves it alone), empty becomes null (cleared). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.invalid')
    .optional()
    .nullable()
    .transform((v) => (v === undefined ? undefined : v ? v.replace(/\s+/g, ' ') : null));

const requiredText = (max: number) => text(max).pipe(z.string().min(1, 'validation.required'));

/** A phone number in any Indonesian writing, stored as E.164; required. */
const memberPhone = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .transform((v, ctx) => {
    const p = normalizePhone(v);
    if (!p) {
      ctx.addIssue({ code: 'custom', message: 'member.phone_invalid' });
      return z.NEVER;
    }
    return p;
  });
const optionalMemberPhone = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (!v) return null;
    const p = normalizePhone(v);
    if (!p) {
      ctx.addIssue({ code: 'custom', message: 'member.phone_invalid' });
      return z.NEVER;
    }
    return p;
  });

/** Birth date: a real date, not in the future, not before 1900. */
export const memberBirthDate = dateString.refine((s) => s >= '1900-01-01' && s <= todayWib(), 'member.birth_date_invalid');
const pastOrToday = dateString.refine((s) => s >= '1900-01-01' && s <= todayWib(), 'member.date_not_future');

const identityTypeField = z.enum(IDENTITY_TYPES, {
  error: (iss) => (iss.input === undefined || iss.input === '' ? 'validation.must_choose' : 'member.identity_type_invalid'),
});
const identityNumberField = z
  .string()
  .trim()
  .min(1, 'member.identity_required')
  .transform((v) => cleanIdentityNumber(v));
const familyCardField = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((v) => (v === undefined ? undefined : v ? v.replace(/[\s.-]/g, '') : null))
  .refine((v) => v == null || /^\d{16}$/.test(v), 'member.kk_16_digits');
const cifField = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((v) => (v === undefined ? undefined : v ? v.toUpperCase() : null))
  .refine((v) => v == null || /^[A-Z0-9][A-Z0-9./-]{0,39}$/.test(v), 'member.cif_invalid');

/** Every editable field of the member record (spec section 3). */
const memberFieldsShape = {
  fullName: requiredText(150),
  gender: z.enum(GENDERS, {
    error: (iss) => (iss.input === undefined || iss.input === '' ? 'validation.must_choose' : 'member.gender_invalid'),
  }),
  birthPlace: optionalText(100),
  birthDate: memberBirthDate,
  phone: memberPhone,
  identityType: identityTypeField,
  identityNumber: identityNumberField,
  familyCardNumber: familyCardField,
  address: requiredText(500),
  occupation: optionalText(150),
  loanLimit: moneyNonNegative.optional().nullable(),
  groupName: optionalText(100),
  closestFamilyName: optionalText(150),
  closestFamilyRelationship: optionalText(50),
  closestFamilyPhone: optionalMemberPhone,
  branchId: uuid.optional().nullable(),
  areaId: uuid.optional().nullable(),
  agentId: uuid.optional().nullable(),
  isSendNotification: z.boolean().optional(),
};

function checkIdentity(
  b: { identityType?: IdentityType; identityNumber?: string },
  ctx: { addIssue: (i: { code: 'custom'; message: string; path: string[] }) => void },
) {
  if (b.identityNumber === undefined) return;
  const err = identityNumberError(b.identityType ?? 'KTP', b.identityNumber);
  if (err) ctx.addIssue({ code: 'custom', message: err, path: ['identityNumber'] });
}

/** POST member (staff entry). memberType PROSPECTIVE starts the lifecycle; MEMBER records an existing member. */
export const memberCreateBody = z
  .object({
    ...memberFieldsShape,
    identityType: identityTypeField.default('KTP'),
    memberType: z.enum(MEMBER_TYPES, { error: 'member.type_invalid' }).default('PROSPECTIVE'),
    cifNumber: cifField,
    joinDate: pastOrToday.optional().nullable(),
  })
  .superRefine(checkIdentity);
export type MemberCreateBody = z.input<typeof memberCreateBody>;
export type MemberCreate = z.output<typeof memberCreateBody>;

/** PATCH member: the id and the fields to change. Type and status change only through the lifecycle calls. */
export const memberUpdateBody = z
  .object({ ...memberFieldsShape, cifNumber: cifField, joinDate: pastOrToday.optional().nullable() })
  .partial()
  .extend({ id: uuid })
  .superRefine((b, ctx) => {
    if (b.identityType !== undefined || b.identityNumber !== undefined) checkIdentity(b, ctx);
  });
export type MemberUpdateBody = z.input<typeof memberUpdateBody>;
export type MemberUpdate = z.output<typeof memberUpdateBody>;

/**
 * The member app's registration (public, per cooperative): a prospective
 * member submits their data and chooses the 6-digit PIN of the mobile app.
 */
export const memberOnlineRegistrationBody = z
  .object({
    tenantId: uuid,
    fullName: memberFieldsShape.fullName,
    gender: memberFieldsShape.gender,
    birthPlace: memberFieldsShape.birthPlace,
    birthDate: memberBirthDate,
    phone: memberPhone,
    identityType: identityTypeField.default('KTP'),
    identityNumber: identityNumberField,
    familyCardNumber: familyCardField,
    address: memberFieldsShape.address,
    occupation: memberFieldsShape.occupation,
    closestFamilyName: memberFieldsShape.closestFamilyName,
    closestFamilyRelationship: memberFieldsShape.closestFamilyRelationship,
    closestFamilyPhone: optionalMemberPhone,
    pin: z.string().regex(/^\d{6}$/, 'validation.code_6_digits'),
  })
  .superRefine(checkIdentity);

// ---------------------------------------------------------------- queries and actions

/** GET member/datatable (spec: search, page, limit, isActive, isNonMember 0/1, branchId, start, end, sort). */
export const memberDatatableQuery = listQuery.extend({
  isActive: boolFilter,
  isNonMember: boolFilter,
  memberType: z
    .enum(MEMBER_TYPES, { error: 'member.type_invalid' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  status: z
    .enum(MEMBER_STATUSES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  branchId: optionalFilter.pipe(uuid.optional()),
  areaId: optionalFilter.pipe(uuid.optional()),
  agentId: optionalFilter.pipe(uuid.optional()),
  /** Registration date from (YYYY-MM-DD, Asia/Jakarta). */
  start: optionalFilter.pipe(dateString.optional()),
  /** Registration date until, inclusive. */
  end: optionalFilter.pipe(dateString.optional()),
  /** `column` or `column,asc|desc`; same as sortBy + ascOrDesc. */
  sort: z.string().optional(),
});
export type MemberDatatableQuery = z.output<typeof memberDatatableQuery>;

export const memberIdBody = z.object({ memberId: uuid });

const requiredBoolean = z.boolean({ error: (iss) => (iss.input === undefined ? 'validation.required' : 'validation.invalid') });

export const memberNotificationBody = z.object({
  memberId: uuid,
  isSendNotification: requiredBoolean,
});

export const memberInterviewBody = z.object({
  memberId: uuid,
  interviewDate: pastOrToday,
  /** The staff user who interviewed; defaults to the signed-in user. */
  interviewerId: uuid.optional().nullable(),
  /** Name of an interviewer who is not a user (e.g. a board member). */
  interviewerName: optionalText(150),
  notes: requiredText(2000),
  result: z.enum(INTERVIEW_RESULTS, { error: 'member.interview_result_invalid' }),
});

export const memberApprovalBody = z
  .object({
    memberId: uuid,
    status: z.enum(APPROVAL_DECISIONS, { error: 'member.approval_status_invalid' }),
    reason: optionalText(1000),
    /** Join date on approval; defaults to today. */
    joinDate: pastOrToday.optional().nullable(),
  })
  .refine((b) => b.status !== 'REJECTED' || Boolean(b.reason), { message: 'member.reject_reason_required', path: ['reason'] });

export const memberUpgradeBody = z.object({
  memberId: uuid,
  isNeedApproval: requiredBoolean,
  reason: optionalText(1000),
});

export const memberExitCheckQuery = z.object({ memberId: uuid });

export const memberExitConfirmBody = z
  .object({
    memberId: uuid,
    /** Defaults to today. */
    exitDate: pastOrToday.optional().nullable(),
    reason: optionalText(1000),
  })
  .catchall(z.unknown());

export const memberSearchParams = z.object({ q: z.string().trim().min(1, 'validation.required').max(100) });
export const memberSearchQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  includeInactive: boolFilter,
});

export const memberAssignedQuery = listQuery.extend({ limit: z.coerce.number().int().min(1).max(1000).default(1000) });

export const memberTimelineQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const memberPhotoParams = z.object({ id: uuid, kind: z.enum(MEMBER_PHOTO_KINDS, { error: 'member.photo_kind_invalid' }) });

export const memberUploadRowsQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  status: z.enum(['FAILED', 'SKIPPED']).optional(),
});

export const memberHomeListQuery = listQuery;

// ---------------------------------------------------------------- responses (documentation and client types)

const money = z.number().describe('rupiah');
const nullableString = z.string().nullable();

export const memberListItem = z.object({
  id: z.string(),
  cifNumber: z.string(),
  fullName: z.string(),
  gender: z.enum(GENDERS),
  birthDate: nullableString,
  phone: nullableString,
  identityType: z.enum(IDENTITY_TYPES),
  identityNumber: z.string(),
  address: nullableString,
  memberType: z.enum(MEMBER_TYPES),
  status: z.enum(MEMBER_STATUSES),
  isActive: z.boolean(),
  joinDate: nullableString,
  exitDate: nullableString,
  branchId: nullableString,
  branchName: nullableString,
  areaId: nullableString,
  areaName: nullableString,
  agentId: nullableString,
  upgradeStatus: z.enum(UPGRADE_STATUSES).nullable(),
  principalStatus: z.enum(PRINCIPAL_STATUSES),
  registrationChannel: z.enum(REGISTRATION_CHANNELS),
  createdDate: z.string(),
});
export type MemberListItem = z.infer<typeof memberListItem>;

export const memberSummary = z
  .object({
    countEquity: z.number(),
    countSaving: z.number(),
    countDeposit: z.number(),
    countLoanRunning: z.number(),
    countLoanRejected: z.number(),
    countLoanPaidOff: z.number(),
    countLoanWaiting: z.number(),
    amountEquity: money,
    amountSaving: money,
    amountDeposit: money,
    loanOutstanding: money,
    storesOwed: money,
    principalOwed: money,
  })
  .catchall(z.unknown())
  .describe('Counts and amounts contributed by the savings, deposit and loan modules (registerMemberSummary); 0 until they exist.');

export const memberDetail = memberListItem.extend({
  birthPlace: nullableString,
  familyCardNumber: nullableString,
  occupation: nullableString,
  exitReason: nullableString,
  loanLimit: money.nullable(),
  groupName: nullableString,
  closestFamilyName: nullableString,
  closestFamilyRelationship: nullableString,
  closestFamilyPhone: nullableString,
  agentName: nullableString,
  isSendNotification: z.boolean(),
  hasPin: z.boolean(),
  pinChangedAt: nullableString,
  photos: z.object({ self: nullableString, identityCard: nullableString, familyCard: nullableString }),
  interview: z.object({
    date: nullableString,
    interviewerId: nullableString,
    interviewerName: nullableString,
    notes: nullableString,
    result: z.enum(INTERVIEW_RESULTS).nullable(),
    recordedBy: nullableString,
    recordedAt: nullableString,
  }),
  approval: z.object({
    status: z.enum(APPROVAL_DECISIONS).nullable(),
    reason: nullableString,
    by: nullableString,
    byName: nullableString,
    at: nullableString,
  }),
  upgrade: z.object({
    status: z.enum(UPGRADE_STATUSES).nullable(),
    reason: nullableString,
    requestedAt: nullableString,
    requestedBy: nullableString,
    decidedAt: nullableString,
    decidedBy: nullableString,
  }),
  principal: z.object({ status: z.enum(PRINCIPAL_STATUSES), owed: money.nullable(), paidAt: nullableString }),
  registeredBy: nullableString,
  registeredByName: nullableString,
  updatedBy: nullableString,
  updatedByName: nullableString,
  updatedDate: z.string(),
  summary: memberSummary,
});
export type MemberDetail = z.infer<typeof memberDetail>;

export const memberExitItem = z.object({
  module: z.string().describe('registry name of the module that reported it'),
  kind: z.string().describe('LOAN, BILL, SAVING, DEPOSIT, EQUITY, ...'),
  id: z.string().nullable(),
  label: z.string(),
  amount: money.nullable(),
  message: z.string(),
});
export const memberExitCheckResult = z.object({
  memberId: z.string(),
  cifNumber: z.string(),
  fullName: z.string(),
  canExit: z.boolean(),
  blocking: z.array(memberExitItem),
  settlement: z.array(memberExitItem),
  settlementTotal: money,
});

export const memberTimelineEntry = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  label: z.string(),
  actorId: nullableString,
  actorName: nullableString,
  before: z.unknown(),
  after: z.unknown(),
});

export const memberUploadJob = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.enum(['RUNNING', 'DONE', 'FAILED']),
  totalRows: z.number(),
  processedRows: z.number(),
  successRows: z.number(),
  skippedRows: z.number(),
  failedRows: z.number(),
  percent: z.number(),
  message: nullableString,
  duplicateOf: nullableString.optional(),
  createdDate: z.string(),
  finishedDate: nullableString,
});

export const memberUploadRowResult = z.object({
  row: z.number(),
  status: z.enum(['FAILED', 'SKIPPED']),
  message: z.string(),
  memberId: nullableString,
  data: z.record(z.string(), z.unknown()),
});

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ content: z.array(item), page: z.number(), limit: z.number(), totalElements: z.number(), totalPages: z.number() });

/** Success envelope for documentation: `{status, code, message, data}`. */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(true), code: z.literal(200), message: z.string(), data });
