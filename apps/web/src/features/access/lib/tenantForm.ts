/** The cooperative details form: contracts tenantUpdateBody with every field present, and its values from GET /api/tenant/detail. */
import { tenantUpdateBody } from '@koperasi/contracts/settings';
import type { z } from 'zod';
import type { TenantDetail } from '../types';
import { localPhone } from './userForm';

export const tenantForm = tenantUpdateBody;
export type TenantFormValues = z.input<typeof tenantUpdateBody>;

export function tenantFormDefaults(t: TenantDetail): TenantFormValues {
  return {
    name: t.name,
    cooperativeType: t.cooperativeType as TenantFormValues['cooperativeType'],
    legalEntityNumber: t.legalEntityNumber ?? '',
    legalEntityDate: t.legalEntityDate ?? null,
    cooperativeNumber: t.cooperativeNumber ?? '',
    taxNumber: t.taxNumber ?? '',
    address: t.address ?? '',
    city: t.city ?? '',
    province: t.province ?? '',
    postalCode: t.postalCode ?? '',
    phone: localPhone(t.phone),
    email: t.email ?? '',
    website: t.website ?? '',
    fiscalYearStartMonth: t.fiscalYearStartMonth,
    timeZone: t.timeZone,
    officers: t.officers.map((o) => ({
      board: o.board,
      title: o.title,
      name: o.name,
      userId: o.userId ?? null,
      phone: localPhone(o.phone),
      periodStart: o.periodStart ?? null,
      periodEnd: o.periodEnd ?? null,
    })),
  };
}
