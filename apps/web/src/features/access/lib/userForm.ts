/**
 * The add/edit user form: the fields of contracts userCreateBody with the
 * form's empty values ('' = none) read as the API wants them, and the rule
 * that e-mail or phone is given (either one signs in).
 */
import { optionalEmailField, optionalPhoneField, optionalText, optionalUuidField, requiredText } from '@koperasi/contracts/access';
import { OFFICER_TITLES } from '@koperasi/contracts/enums';
import { z } from 'zod';
import type { UserView } from '../types';

export const userForm = z
  .object({
    firstName: requiredText('access.first_name_required', 100),
    lastName: optionalText(100),
    email: optionalEmailField,
    phone: optionalPhoneField,
    roleId: z.string({ error: 'access.role_required' }).uuid('access.role_required'),
    position: z.union([z.enum(OFFICER_TITLES), z.literal('')]).transform((v) => v || null),
    branchId: optionalUuidField,
    areaId: optionalUuidField,
    isAccountOfficer: z.boolean(),
    isActive: z.boolean(),
  })
  .refine((b) => Boolean(b.email || b.phone), { message: 'access.user_contact_required', path: ['email'] });

export type UserFormValues = z.input<typeof userForm>;

/** +62812... as staff type it: 0812... */
export const localPhone = (p: string | null | undefined) => (p ? p.replace(/^\+62/, '0') : '');

export function userFormDefaults(user?: UserView | null): UserFormValues {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phone: localPhone(user?.phone),
    roleId: user?.roleId ?? '',
    position: user?.position ?? '',
    branchId: user?.branchId ?? '',
    areaId: user?.areaId ?? '',
    isAccountOfficer: user?.isAccountOfficer ?? false,
    isActive: user?.isActive ?? true,
  };
}
