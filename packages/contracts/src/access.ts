/**
 * Organization and access (spec sections 3, 6, 7 "Users" and "Settings"):
 * users, access roles with their permission matrix and limits, branches and
 * areas. Error messages are catalogue keys (messages/access.ts).
 */
import { z } from 'zod';
import { boolFilter, listQuery, moneyNonNegative, normalizePhone, optionalFilter, password, uuid } from './common.ts';
import { OFFICER_TITLES } from './enums.ts';
import { MENU_SECTION_KEYS, type MenuSection, PERMISSION_ACTIONS } from './permissions.ts';

// ---------------------------------------------------------------- building blocks

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Required text with a catalogue message when missing or blank. */
export const requiredText = (key: string, max = 150) => z.string({ error: key }).trim().min(1, key).max(max, 'validation.invalid');

/** Optional free text: '' becomes null, undefined stays undefined (PATCH: "unchanged"). */
export const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max, 'validation.invalid')
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

/** Optional e-mail: '' or null clears it, undefined leaves it unchanged. Lower-cased. */
export const optionalEmailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'validation.email')
  .nullable()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (!v) return null;
    if (!EMAIL_RE.test(v)) {
      ctx.addIssue({ code: 'custom', message: 'validation.email' });
      return z.NEVER;
    }
    return v;
  });

/** Optional Indonesian phone normalised to E.164: '' or null clears it, undefined leaves it unchanged. */
export const optionalPhoneField = z
  .string()
  .trim()
  .nullable()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (!v) return null;
    const p = normalizePhone(v);
    if (!p) {
      ctx.addIssue({ code: 'custom', message: 'validation.phone' });
      return z.NEVER;
    }
    return p;
  });

/** Optional reference: '' or null clears it, undefined leaves it unchanged. */
export const optionalUuidField = z
  .union([uuid, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v === undefined ? undefined : v ? v : null));

/** A list filter holding an id; '' and 'none' mean no filter. */
export const uuidFilter = optionalFilter.pipe(uuid.optional());

// ---------------------------------------------------------------- users

export const userCreateBody = z
  .object({
    firstName: requiredText('access.first_name_required', 100),
    lastName: optionalText(100),
    email: optionalEmailField,
    phone: optionalPhoneField,
    roleId: z.string({ error: 'access.role_required' }).uuid('access.role_required'),
    position: z.enum(OFFICER_TITLES, { error: 'access.position_invalid' }).nullable().optional(),
    branchId: optionalUuidField,
    areaId: optionalUuidField,
    coaId: optionalUuidField,
    /** Listed by GET users/ao (account officers). Defaults to true for the AGENT role. */
    isAccountOfficer: z.boolean().optional(),
    isActive: z.boolean().optional(),
  })
  .refine((b) => Boolean(b.email || b.phone), { message: 'access.user_contact_required', path: ['email'] });
export type UserCreateBody = z.input<typeof userCreateBody>;

export const userUpdateBody = z.object({
  id: uuid,
  firstName: requiredText('access.first_name_required', 100).optional(),
  lastName: optionalText(100),
  email: optionalEmailField,
  phone: optionalPhoneField,
  roleId: uuid.optional(),
  position: z.enum(OFFICER_TITLES, { error: 'access.position_invalid' }).nullable().optional(),
  branchId: optionalUuidField,
  areaId: optionalUuidField,
  coaId: optionalUuidField,
  isAccountOfficer: z.boolean().optional(),
  isActive: z.boolean().optional(),
});
export type UserUpdateBody = z.input<typeof userUpdateBody>;

export const userListQuery = listQuery.extend({
  position: optionalFilter.pipe(z.enum(OFFICER_TITLES, { error: 'access.position_invalid' }).optional()),
  isActive: boolFilter,
  roleId: uuidFilter,
  branchId: uuidFilter,
  areaId: uuidFilter,
});

/** Pickers (GET users/ao, coa/assign-to-me): same list convention, default limit 1000 ("all"). */
export const pickerQuery = listQuery.extend({
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
  branchId: uuidFilter,
  areaId: uuidFilter,
});

export const userCoaBody = z.object({
  userId: z.string({ error: 'access.user_required' }).uuid('validation.uuid'),
  coaId: z.string({ error: 'validation.account_not_selected' }).uuid('validation.uuid'),
});

export const userAreaBody = z.object({
  userId: z.string({ error: 'access.user_required' }).uuid('validation.uuid'),
  areaId: z.string({ error: 'access.area_required' }).uuid('validation.uuid'),
});

/** Setting the password from an invitation: by the e-mailed link's token, or by the code sent to the e-mail or phone. */
export const invitationAcceptBody = z
  .object({
    token: z.string().trim().min(1).optional(),
    username: z.string().trim().min(1).optional(),
    code: z
      .string()
      .regex(/^\d{6}$/, 'validation.code_6_digits')
      .optional(),
    password,
    rePassword: z.string({ error: 'validation.repassword_required' }).min(1, 'validation.repassword_required'),
  })
  .refine((b) => b.password === b.rePassword, { message: 'validation.password_mismatch', path: ['rePassword'] })
  .refine((b) => Boolean(b.token) || Boolean(b.username && b.code), { message: 'access.invitation_invalid', path: ['token'] });

export const invitationCheckQuery = z.object({ token: z.string().trim().min(1, 'access.invitation_invalid') });

// ---------------------------------------------------------------- roles

const sectionPermissions = z.object({
  view: z.boolean().optional(),
  add: z.boolean().optional(),
  update: z.boolean().optional(),
  delete: z.boolean().optional(),
});

/**
 * The permission matrix of a role: per menu section (keys of MENU_SECTIONS),
 * view/add/update/delete. Missing sections and actions are false; add, update
 * or delete imply view (the server normalises).
 */
export const permissionMatrixInput = z.strictObject(
  Object.fromEntries(MENU_SECTION_KEYS.map((k) => [k, sectionPermissions.optional()])) as Record<
    MenuSection,
    z.ZodOptional<typeof sectionPermissions>
  >,
  { error: 'access.unknown_section' },
);

/** Nominal limit of a role in rupiah; null (or absent on create) = no limit. */
const limit = moneyNonNegative.nullable().optional();

export const roleCreateBody = z.object({
  name: requiredText('access.role_name_required', 100),
  description: optionalText(500),
  permissions: permissionMatrixInput.default({}),
  savingWithdrawalLimit: limit,
  loanRequestLimit: limit,
  loanApprovalLimit: limit,
  canReleaseLoan: z.boolean().optional(),
  canCancelTransaction: z.boolean().optional(),
});
export type RoleCreateBody = z.input<typeof roleCreateBody>;

export const roleUpdateBody = z.object({
  id: uuid,
  name: requiredText('access.role_name_required', 100).optional(),
  description: optionalText(500),
  permissions: permissionMatrixInput.optional(),
  savingWithdrawalLimit: limit,
  loanRequestLimit: limit,
  loanApprovalLimit: limit,
  canReleaseLoan: z.boolean().optional(),
  canCancelTransaction: z.boolean().optional(),
});
export type RoleUpdateBody = z.input<typeof roleUpdateBody>;

export { PERMISSION_ACTIONS };

// ---------------------------------------------------------------- branches and areas

export const branchCreateBody = z.object({
  code: z
    .string()
    .trim()
    .max(20, 'access.branch_code_invalid')
    .regex(/^[A-Za-z0-9._-]*$/, 'access.branch_code_invalid')
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v.toUpperCase() : null)),
  name: requiredText('access.branch_name_required', 150),
  address: optionalText(500),
  phone: optionalPhoneField,
  isActive: z.boolean().optional(),
});
export const branchUpdateBody = branchCreateBody.partial().extend({ id: uuid });

export const areaCreateBody = z.object({
  name: requiredText('access.area_name_required', 150),
  description: optionalText(500),
  branchId: optionalUuidField,
  isActive: z.boolean().optional(),
});
export const areaUpdateBody = areaCreateBody.partial().extend({ id: uuid });

export const organizationListQuery = listQuery.extend({ isActive: boolFilter, branchId: uuidFilter });

/** Who belongs to a branch or an area: staff (USER) and, once the members module registers, members (MEMBER). */
export const ORGANIZATION_MEMBER_KINDS = ['USER', 'MEMBER'] as const;
export const organizationMemberQuery = listQuery.extend({
  kind: optionalFilter.pipe(z.enum(ORGANIZATION_MEMBER_KINDS).optional()),
  isActive: boolFilter,
});

export const areaMemberParams = z.object({ id: uuid, memberId: uuid });
export const organizationIdParam = z.object({ organizationId: uuid });
