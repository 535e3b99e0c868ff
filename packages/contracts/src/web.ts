/**
 * Contracts of the web support endpoints: page views recorded by the app
 * shell, the signed-in user's own profile, preferences and activity.
 * Messages are catalogue keys (messages/web.ts).
 */
import { z } from 'zod';
import { forgetPasswordConfirmBody } from './auth.ts';
import { dateString, email, listQuery, moneyNonNegative, normalizePhone, percent } from './common.ts';
import { LOAN_INTEREST_METHODS, LOCALES, PERIODS, type RoleCode } from './enums.ts';
import type { PermissionMatrix } from './permissions.ts';

// ---------------------------------------------------------------- signed-in user

/** GET /api/users/detail `data`. */
export interface UserDetail {
  id: string;
  firstName: string;
  lastName: string | null;
  fullName: string;
  email: string | null;
  phone: string | null;
  position: string | null;
  role: { id: string; name: string; code: RoleCode | null };
  isAgent: boolean;
  permissions: PermissionMatrix;
  limits: {
    savingWithdrawal: number | null;
    loanRequest: number | null;
    loanApproval: number | null;
    canReleaseLoan: boolean;
    canCancelTransaction: boolean;
  };
  /**
   * What the cooperative does with an amount above the user's limit
   * (configuration transactionPolicy): REFUSE, or REQUEST_APPROVAL (recorded
   * as a request waiting for a user whose limit covers it).
   */
  aboveLimit?: { savingWithdrawal: 'REFUSE' | 'REQUEST_APPROVAL'; loanRequest: 'REFUSE' | 'REQUEST_APPROVAL' };
  lastLoginAt: string | null;
  createdDate: string;
  tenant: {
    id: string;
    name: string;
    cooperativeType: string;
    isActive: boolean;
    stepConfiguration: number;
    logoUrl: string | null;
  };
}

// ---------------------------------------------------------------- web forms

/** Sign-in form: e-mail or phone, and password (spec section 5). */
export const signInForm = z.object({
  username: z.string().trim().min(1, 'validation.email_or_phone_required'),
  password: z.string().min(1, 'validation.password_required'),
});

/** Forgot password, step 2: the OTP, the new password twice. */
export const resetPasswordForm = forgetPasswordConfirmBody
  .extend({ rePassword: z.string().min(1, 'validation.repassword_required') })
  .refine((b) => b.newPassword === b.rePassword, { message: 'validation.password_mismatch', path: ['rePassword'] });

/** Change password (profile): old, new, repeat. */
export const changePasswordForm = z
  .object({
    oldPassword: z.string().min(1, 'validation.old_password_required'),
    newPassword: z
      .string()
      .min(1, 'validation.new_password_required')
      .refine((v) => v.length >= 8 && v.length <= 64, 'validation.password_length'),
    rePassword: z.string().min(1, 'validation.repassword_required'),
  })
  .refine((b) => b.newPassword === b.rePassword, { message: 'validation.password_mismatch', path: ['rePassword'] });

// ---------------------------------------------------------------- onboarding wizard

/**
 * Step 1, savings product configuration, stored under `tenant.onboarding.saving`.
 * The savings engineers turn it into the principal (pokok), mandatory (wajib)
 * and voluntary (sukarela) saving products.
 */
export const onboardingSavingConfig = z.object({
  /** Simpanan pokok: paid once when joining, rupiah. */
  principalSavingAmount: moneyNonNegative,
  /** Simpanan wajib: paid every period, rupiah. */
  mandatorySavingAmount: moneyNonNegative,
  /** Period of the mandatory saving: BULANAN (monthly) or HARIAN (daily). */
  mandatorySavingPeriod: z.enum(PERIODS, { error: 'validation.must_choose' }),
  /** Simpanan sukarela: minimum balance to keep, rupiah. */
  voluntarySavingMinBalance: moneyNonNegative,
  /** Simpanan sukarela: interest (jasa), percent per year. */
  voluntarySavingInterestRatePerYear: percent,
});
export type OnboardingSavingConfig = z.output<typeof onboardingSavingConfig>;

/**
 * Step 2, loan product configuration, stored under `tenant.onboarding.loan`.
 * The loans engineers turn it into the first loan product.
 */
export const onboardingLoanConfig = z
  .object({
    /** FLAT, EFEKTIF (daily), EFEKTIF_BULAN (monthly effective), ANUITAS. */
    interestMethod: z.enum(LOAN_INTEREST_METHODS, { error: 'validation.must_choose' }),
    /** Interest (jasa), percent per month, as cooperatives quote loans. */
    interestRatePerMonth: percent,
    /** Shortest and longest tenor offered, in months. */
    minTenorMonths: z.coerce.number().int('validation.invalid').min(1, 'validation.invalid').max(360, 'validation.invalid'),
    maxTenorMonths: z.coerce.number().int('validation.invalid').min(1, 'validation.invalid').max(360, 'validation.invalid'),
    /** Administration fee per loan, rupiah. */
    adminFee: moneyNonNegative,
  })
  .refine((l) => l.maxTenorMonths >= l.minTenorMonths, { message: 'onboarding.tenor_range', path: ['maxTenorMonths'] });
export type OnboardingLoanConfig = z.output<typeof onboardingLoanConfig>;

// ---------------------------------------------------------------- page views

/** At most this many page views in one POST /api/activity/page-view. */
export const PAGE_VIEW_MAX_BATCH = 50;
/** Page views kept per user and hour; more are dropped (a runaway tab must not fill the table). */
export const PAGE_VIEW_MAX_PER_HOUR = 1000;

export const pageViewBody = z.object({
  views: z
    .array(
      z.object({
        // Path only: query strings and fragments may carry search text or tokens and are cut off.
        path: z
          .string({ error: 'activity.path_invalid' })
          .trim()
          .min(1, 'activity.path_invalid')
          .max(512, 'activity.path_invalid')
          .regex(/^\//, 'activity.path_invalid')
          .transform((p) => p.split(/[?#]/)[0]),
        at: z.iso.datetime({ offset: true, error: 'activity.at_invalid' }),
      }),
      { error: 'activity.views_required' },
    )
    .min(1, 'activity.views_required')
    .max(PAGE_VIEW_MAX_BATCH, 'activity.batch_too_large'),
});
export type PageViewBody = z.input<typeof pageViewBody>;

// ---------------------------------------------------------------- profile activity

export const PROFILE_ACTIVITY_TYPES = ['all', 'signin', 'action'] as const;

export const profileActivityQuery = listQuery.extend({
  type: z
    .string()
    .optional()
    .transform((v) => (v && v !== 'none' ? v.toLowerCase() : 'all'))
    .pipe(z.enum(PROFILE_ACTIVITY_TYPES, { error: 'validation.invalid' })),
});

export interface ProfileActivityItem {
  type: 'SIGN_IN' | 'ACTION';
  at: string;
  ip: string | null;
  userAgent: string | null;
  /** ACTION: the audit verb (member.create, auth.change_password, ...). */
  action: string | null;
  entity: string | null;
  entityId: string | null;
  /** SIGN_IN: the session is still valid. */
  active: boolean | null;
  /** SIGN_IN: the session of this request. */
  current: boolean | null;
}

// ---------------------------------------------------------------- preferences

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'profile.text_too_long')
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

const httpUrl = z
  .string()
  .trim()
  .max(200, 'profile.text_too_long')
  .optional()
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), 'profile.url_invalid');

export const GENDER_CODES = ['L', 'P'] as const;

/** Profile tab "Information": about the person, beyond the account fields. */
export const profileInformation = z.object({
  bio: text(500),
  birthDate: dateString.optional().nullable(),
  gender: z.enum(GENDER_CODES, { error: 'validation.invalid' }).optional().nullable(),
  address: text(300),
  city: text(100),
  language: z.enum(LOCALES, { error: 'validation.invalid' }).optional().nullable(),
});

export const SOCIAL_NETWORKS = ['website', 'facebook', 'instagram', 'x', 'linkedin', 'youtube', 'tiktok'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
/** Profile tab "Social": links to the person's public pages (http or https). */
export const profileSocial = z.partialRecord(z.enum(SOCIAL_NETWORKS), httpUrl);

export const NOTIFICATION_EVENTS = [
  'online_withdrawal',
  'online_loan',
  'member_application',
  'loan_due',
  'approval_request',
  'security',
  'daily_summary',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
export const NOTIFICATION_CHANNELS = ['inApp', 'email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
const channelFlags = z.object({ inApp: z.boolean(), email: z.boolean(), sms: z.boolean() });
/** Profile tab "Notification": which events reach the person on which channel. */
export const profileNotification = z.object({
  events: z.partialRecord(z.enum(NOTIFICATION_EVENTS), channelFlags),
});

const phoneOrNull = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((v, ctx) => {
    if (!v) return null;
    const p = normalizePhone(v);
    if (!p) {
      ctx.addIssue({ code: 'custom', message: 'validation.phone' });
      return z.NEVER;
    }
    return p;
  });

/** Profile tab "Connections": accounts the person links for notifications and sign-in help. */
export const profileConnections = z.object({
  whatsapp: z.object({ enabled: z.boolean(), number: phoneOrNull }).optional(),
  telegram: z
    .object({
      enabled: z.boolean(),
      username: z
        .string()
        .trim()
        .optional()
        .nullable()
        .transform((v) => (v ? v.replace(/^@/, '') : null))
        .refine((v) => v === null || /^[A-Za-z0-9_]{5,32}$/.test(v), 'profile.telegram_invalid'),
    })
    .optional(),
  google: z.object({ enabled: z.boolean(), email: email.optional().nullable() }).optional(),
});

/** PATCH /api/profile/preferences: each section given replaces the stored one. */
export const profilePreferencesBody = z
  .object({
    information: profileInformation.optional(),
    social: profileSocial.optional(),
    notification: profileNotification.optional(),
    connections: profileConnections.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'profile.nothing_to_save');
export type ProfilePreferencesBody = z.input<typeof profilePreferencesBody>;

export interface ProfilePreferences {
  information: z.output<typeof profileInformation>;
  social: z.output<typeof profileSocial>;
  notification: z.output<typeof profileNotification>;
  connections: z.output<typeof profileConnections>;
  updatedDate: string | null;
}

/** What a user has before saving any preference. */
export function defaultPreferences(): ProfilePreferences {
  const events = {} as Record<NotificationEvent, { inApp: boolean; email: boolean; sms: boolean }>;
  for (const e of NOTIFICATION_EVENTS) events[e] = { inApp: true, email: e === 'security', sms: false };
  return {
    information: { bio: null, birthDate: null, gender: null, address: null, city: null, language: null },
    social: {},
    notification: { events },
    connections: {},
    updatedDate: null,
  };
}
