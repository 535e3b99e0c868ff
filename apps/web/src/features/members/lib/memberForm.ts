/**
 * The member form's values and their mapping to and from the API:
 *
 *  - values are what the inputs hold (text, '' for "none", numbers or null
 *    for money, `YYYY-MM-DD` or null for dates);
 *  - `formToBody` turns them into the body of POST/PATCH member ('' → null
 *    for choices, the join date only for members, since the server refuses it
 *    for prospective members and non-members);
 *  - `memberFormResolver` validates with the contracts schema the server uses
 *    (`memberCreateBody`, through lib/resolver.ts), so the form shows the
 *    same catalogue messages; a field left empty shows "{field} wajib
 *    diisi" / "wajib dipilih" rather than zod's generic type error;
 *  - `patchBody` sends only what changed (identity type and number together:
 *    the server checks the number against the type);
 *  - `applyMemberServerErrors` puts the server's field errors on the fields.
 *    A field message still holding `{placeholders}` (the server fills them in
 *    the top message only, e.g. "Nomor identitas … sudah terdaftar atas nama
 *    … (CIF)") is replaced by the filled top message.
 */
import {
  cleanIdentityNumber,
  identityNumberError,
  type MemberCreate,
  type MemberDetail,
  memberCreateBody,
} from '@koperasi/contracts/members';
import type { FieldValues, Resolver, UseFormReturn } from 'react-hook-form';
import { isApiError } from '../../../lib/api/errors';
import { bodyResolver } from './resolver';

export const MEMBER_FORM_FIELDS = [
  'cifNumber',
  'memberType',
  'fullName',
  'gender',
  'birthPlace',
  'birthDate',
  'identityType',
  'identityNumber',
  'familyCardNumber',
  'phone',
  'address',
  'occupation',
  'groupName',
  'branchId',
  'areaId',
  'agentId',
  'loanLimit',
  'joinDate',
  'closestFamilyName',
  'closestFamilyRelationship',
  'closestFamilyPhone',
  'isSendNotification',
] as const;
export type MemberFormField = (typeof MEMBER_FORM_FIELDS)[number];

export interface MemberFormValues {
  cifNumber: string;
  memberType: 'MEMBER' | 'NON_MEMBER' | 'PROSPECTIVE';
  fullName: string;
  gender: '' | 'L' | 'P';
  birthPlace: string;
  birthDate: string | null;
  identityType: 'KTP' | 'SIM' | 'PASSPORT';
  identityNumber: string;
  familyCardNumber: string;
  phone: string;
  address: string;
  occupation: string;
  groupName: string;
  branchId: string;
  areaId: string;
  agentId: string;
  loanLimit: number | null;
  joinDate: string | null;
  closestFamilyName: string;
  closestFamilyRelationship: string;
  closestFamilyPhone: string;
  isSendNotification: boolean;
}

/** Fields that only choose among options: '' means none. */
const CHOICES = ['branchId', 'areaId', 'agentId'] as const;

export function emptyMemberForm(memberType: MemberFormValues['memberType'] = 'PROSPECTIVE', today?: string): MemberFormValues {
  return {
    cifNumber: '',
    memberType,
    fullName: '',
    gender: '',
    birthPlace: '',
    birthDate: null,
    identityType: 'KTP',
    identityNumber: '',
    familyCardNumber: '',
    phone: '',
    address: '',
    occupation: '',
    groupName: '',
    branchId: '',
    areaId: '',
    agentId: '',
    loanLimit: null,
    joinDate: memberType === 'MEMBER' ? (today ?? null) : null,
    closestFamilyName: '',
    closestFamilyRelationship: '',
    closestFamilyPhone: '',
    isSendNotification: true,
  };
}

/** +6281234567890 → 081234567890: how people write Indonesian numbers (the server accepts both). */
export function phoneForInput(p: string | null | undefined): string {
  if (!p) return '';
  return p.startsWith('+62') ? `0${p.slice(3)}` : p;
}

export function memberToForm(m: MemberDetail): MemberFormValues {
  return {
    cifNumber: m.cifNumber,
    memberType: m.memberType,
    fullName: m.fullName,
    gender: m.gender,
    birthPlace: m.birthPlace ?? '',
    birthDate: m.birthDate,
    identityType: m.identityType,
    identityNumber: m.identityNumber,
    familyCardNumber: m.familyCardNumber ?? '',
    phone: phoneForInput(m.phone),
    address: m.address ?? '',
    occupation: m.occupation ?? '',
    groupName: m.groupName ?? '',
    branchId: m.branchId ?? '',
    areaId: m.areaId ?? '',
    agentId: m.agentId ?? '',
    loanLimit: m.loanLimit,
    joinDate: m.joinDate,
    closestFamilyName: m.closestFamilyName ?? '',
    closestFamilyRelationship: m.closestFamilyRelationship ?? '',
    closestFamilyPhone: phoneForInput(m.closestFamilyPhone),
    isSendNotification: m.isSendNotification,
  };
}

/** The body the API takes (before its own parsing): choices '' → null, no join date unless a member, empty required values left out. */
export function formToBody(v: MemberFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = { ...v };
  for (const k of CHOICES) body[k] = v[k] ? v[k] : null;
  if (!v.gender) delete body.gender;
  if (!v.birthDate) delete body.birthDate;
  if (v.memberType !== 'MEMBER') delete body.joinDate;
  return body;
}

const schemaResolver = bodyResolver<MemberFormValues, typeof memberCreateBody>(memberCreateBody, formToBody, [
  'gender',
  'identityType',
  'memberType',
]);

/**
 * react-hook-form resolver: the contracts schema of POST member on the mapped
 * body; errors keyed by form field. The schema checks the identity number
 * against its type only once every field parses, so that check runs here too
 * and every wrong field shows at once.
 */
export const memberFormResolver: Resolver<MemberFormValues, unknown, MemberCreate> = async (values, context, options) => {
  const r = await schemaResolver(values, context, options);
  const errors = r.errors as Record<string, unknown>;
  if (Object.keys(errors).length && !errors.identityNumber && values.identityNumber.trim()) {
    const key = identityNumberError(values.identityType, cleanIdentityNumber(values.identityNumber.trim()));
    if (key) return { values: {}, errors: { ...r.errors, identityNumber: { type: 'custom', message: key } } };
  }
  return r;
};

/** The fields whose value differs from what the form started with. */
export function changedFields(start: MemberFormValues, now: MemberFormValues): Partial<Record<keyof MemberFormValues, true>> {
  const out: Partial<Record<keyof MemberFormValues, true>> = {};
  for (const k of MEMBER_FORM_FIELDS) {
    const a = start[k];
    const b = now[k];
    const same = typeof a === 'string' && typeof b === 'string' ? a.trim() === b.trim() : a === b;
    if (!same) out[k] = true;
  }
  return out;
}

/** PATCH body: the id and the changed fields (parsed values), identity type and number always together. */
export function patchBody(
  id: string,
  parsed: MemberCreate,
  dirty: Partial<Record<keyof MemberFormValues, unknown>>,
): Record<string, unknown> {
  const body: Record<string, unknown> = { id };
  const changed = new Set(Object.keys(dirty).filter((k) => dirty[k as keyof MemberFormValues]));
  if (changed.has('identityNumber') || changed.has('identityType')) {
    changed.add('identityNumber');
    changed.add('identityType');
  }
  changed.delete('memberType');
  changed.delete('isSendNotification');
  const out = parsed as unknown as Record<string, unknown>;
  for (const k of changed) body[k] = out[k] === undefined ? null : out[k];
  return body;
}

/**
 * The server's field errors on the form. Returns the fields that matched;
 * the caller shows the message as a toast when none did.
 */
export function applyMemberServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T, any, any>, 'setError' | 'getValues'>,
  error: unknown,
): string[] {
  if (!isApiError(error) || error.fields.length === 0) return [];
  const values = form.getValues() as Record<string, unknown>;
  const matched: string[] = [];
  for (const f of error.fields) {
    const name = f.field.split('.')[0]!;
    if (!(name in values) || matched.includes(name)) continue;
    const message = /\{\w+\}/.test(f.message)
      ? error.fields.length === 1
        ? error.message
        : f.message.replace(/\s*\{\w+\}/g, '')
      : f.message;
    form.setError(name as never, { type: 'server', message }, { shouldFocus: matched.length === 0 });
    matched.push(name);
  }
  return matched;
}
