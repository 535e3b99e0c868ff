import { z } from 'zod';
import { email, optionalPhone, password, phone } from './common.ts';
import { COOPERATIVE_TYPES } from './enums.ts';

export const registerTenantBody = z
  .object({
    cooperativeName: z
      .string({ error: 'validation.cooperative_name_required' })
      .trim()
      .min(1, 'validation.cooperative_name_required')
      .max(150, 'validation.invalid'),
    cooperativeType: z.enum(COOPERATIVE_TYPES, { error: 'validation.cooperative_type_required' }),
    fullName: z.string({ error: 'validation.name_required' }).trim().min(1, 'validation.name_required').max(150, 'validation.invalid'),
    email,
    phoneNumber: phone,
    password,
    rePassword: z.string({ error: 'validation.repassword_required' }).min(1, 'validation.repassword_required'),
    isAgree: z.literal(true, { error: 'validation.terms_required' }),
  })
  .refine((b) => b.password === b.rePassword, { message: 'validation.password_mismatch', path: ['rePassword'] });
export type RegisterTenantBody = z.input<typeof registerTenantBody>;

/** What registration answers in `data.status`. */
export const REGISTRATION_STATUS = ['CODE_SENT', 'ALREADY_STARTED'] as const;

export const verifyCodeBody = z.object({
  username: z.string({ error: 'validation.email_or_phone_required' }).trim().min(1, 'validation.email_or_phone_required'),
  code: z.string().regex(/^\d{6}$/, 'validation.code_6_digits'),
});

export const resendCodeBody = z.object({
  username: z.string({ error: 'validation.email_or_phone_required' }).trim().min(1, 'validation.email_or_phone_required'),
});

export const forgetPasswordOtpQuery = z.object({ phoneNumber: phone });

export const forgetPasswordConfirmBody = z.object({
  phoneNumber: phone,
  otp: z.string().regex(/^\d{6}$/, 'validation.code_6_digits'),
  newPassword: password,
});

export const changePasswordBody = z
  .object({
    oldPassword: z.string({ error: 'validation.old_password_required' }).min(1, 'validation.old_password_required'),
    newPassword: z
      .string({ error: 'validation.new_password_required' })
      .min(1, 'validation.new_password_required')
      .refine((v) => v.length >= 8 && v.length <= 64, 'validation.password_length'),
    rePassword: z.string().optional(),
  })
  .refine((b) => b.rePassword === undefined || b.rePassword === b.newPassword, {
    message: 'validation.password_mismatch',
    path: ['rePassword'],
  });

export const loginQuery = z.object({
  username: z.string().optional(),
  password: z.string().optional(),
  grant_type: z.string().optional(),
});

/** Onboarding wizard: step 1 savings product configuration, step 2 loan product configuration. */
export const onboardingBody = z.object({
  saving: z.record(z.string(), z.unknown()).default({}),
  loan: z.record(z.string(), z.unknown()).default({}),
  deposit: z.boolean().optional(),
  load: z.boolean().optional(),
  service: z.boolean().optional(),
});

export const profileUpdateBody = z.object({
  firstName: z.string().trim().min(1, 'validation.name_required').max(100),
  lastName: z.string().trim().max(100).optional().nullable(),
  phone: optionalPhone,
});

/** Onboarding step the web shows for a tenant's stepConfiguration (spec section 4). */
export function onboardingStep(stepConfiguration: number): 1 | 3 | 4 {
  if (stepConfiguration === 1) return 1;
  if (stepConfiguration === 2) return 3;
  return 4;
}
