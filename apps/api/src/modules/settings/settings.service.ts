/**
 * Cooperative settings: details and officers (GET /api/tenant/detail,
 * PATCH /api/tenant), the logo, AD/ART documents and the member feature check.
 *
 * Decisions:
 *  - PATCH /api/tenant changes only the fields it carries; `officers`, when
 *    present, replaces the whole list. Each board (PENGURUS, PENGAWAS) has at
 *    most one KETUA; an officer may be linked to a user of the cooperative.
 *  - The logo is uploaded separately (POST /api/tenant/logo, multipart field
 *    `file`, JPEG/PNG/WebP up to 5 MB), re-encoded to PNG of at most 1024 px
 *    on its longer side, and read back with GET /api/tenant/logo (any signed-in
 *    user: the shell shows it). `logoUrl` carries a version so caches refresh.
 *  - AD/ART documents: PDF or images up to 10 MB; images are re-encoded; the
 *    type is read from the file's bytes. Every signed-in user may list and
 *    download them (the dashboard shows the list to all staff); uploading
 *    needs Pengaturan add, deleting Pengaturan delete.
 *  - GET member/fetaure answers from the mobileApps configuration: the app as a
 *    whole (MOBILE_APP) and each feature must be switched on.
 */
import {
  AD_ART_MAX_BYTES,
  adArtFields,
  type CooperativeTimeZone,
  hasMessage,
  LOGO_MAX_BYTES,
  MEMBER_FEATURES,
  type MemberFeature,
  type TenantUpdateBody,
  translate,
} from '@koperasi/contracts';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { badRequest, type FieldError, notFound } from '../../lib/errors.ts';
import { paged } from '../../lib/http.ts';
import type { PageQuery } from '../../lib/page-query.ts';
import type { Storage } from '../../lib/storage.ts';
import { type AdArtRow, deleteAdArtRow, findAdArt, insertAdArt, pageAdArt } from './ad-art.repo.ts';
import { getConfig } from './configuration.ts';
import {
  existingUserIds,
  findLogoUrl,
  findOfficers,
  findTenantRow,
  lockTenant,
  replaceOfficers,
  setLogoUrl,
  updateTenantColumns,
} from './tenant-profile.repo.ts';
import { readTimeZone, writeTimeZone } from './time-zone.repo.ts';
import { readUpload, reencodeImage, sniff } from './upload.ts';

// ---------------------------------------------------------------- cooperative details

async function officers(tx: Tx, tenantId: string) {
  const rows = await findOfficers(tx, tenantId);
  return rows.map((o) => ({
    id: o.id,
    board: o.board,
    title: o.title,
    name: o.name,
    userId: o.user_id,
    userName: o.user_name,
    phone: o.phone,
    periodStart: o.period_start,
    periodEnd: o.period_end,
    sortOrder: o.sort_order,
  }));
}

async function tenantDetailTx(tx: Tx, tenantId: string) {
  const t = await findTenantRow(tx, tenantId);
  if (!t) throw notFound();
  return {
    id: t.tenant_id,
    name: t.name,
    cooperativeType: t.cooperative_type,
    isActive: t.is_active,
    activatedAt: t.activated_at,
    stepConfiguration: t.step_configuration,
    legalEntityNumber: t.legal_entity_number,
    legalEntityDate: t.legal_entity_date,
    cooperativeNumber: t.cooperative_number,
    taxNumber: t.tax_number,
    address: t.address,
    city: t.city,
    province: t.province,
    postalCode: t.postal_code,
    phone: t.phone,
    email: t.email,
    website: t.website,
    logoUrl: t.logo_url,
    fiscalYearStartMonth: t.fiscal_year_start_month,
    timeZone: await readTimeZone(tx, tenantId),
    createdDate: t.created_date,
    officers: await officers(tx, tenantId),
  };
}

export async function tenantDetail(ctx: Ctx) {
  return withTx(ctx, (tx) => tenantDetailTx(tx, ctx.tenantId));
}

const TENANT_COLUMNS: Record<string, string> = {
  name: 'name',
  cooperativeType: 'cooperative_type',
  legalEntityNumber: 'legal_entity_number',
  legalEntityDate: 'legal_entity_date',
  cooperativeNumber: 'cooperative_number',
  taxNumber: 'tax_number',
  address: 'address',
  city: 'city',
  province: 'province',
  postalCode: 'postal_code',
  phone: 'phone',
  email: 'email',
  website: 'website',
  fiscalYearStartMonth: 'fiscal_year_start_month',
};

type OfficerInput = NonNullable<TenantUpdateBody['officers']>[number] & { userId?: string | null };

function checkOfficers(list: OfficerInput[]) {
  const fields: FieldError[] = [];
  for (const board of ['PENGURUS', 'PENGAWAS']) {
    const chairs = list.filter((o) => o.board === board && o.title === 'KETUA');
    if (chairs.length > 1) throw badRequest('OFFICER_DUPLICATE_CHAIR', 'settings.officer_duplicate_chair', { board });
  }
  list.forEach((o, i) => {
    if (o.periodStart && o.periodEnd && o.periodEnd < o.periodStart) {
      fields.push({ field: `officers.${i}.periodEnd`, message: 'settings.officer_period' });
      throw badRequest('OFFICER_PERIOD', 'settings.officer_period', { name: o.name }, fields);
    }
  });
}

export async function updateTenant(ctx: Ctx, body: Record<string, unknown> & { officers?: OfficerInput[] }) {
  if (body.officers) checkOfficers(body.officers);
  return withTx(ctx, async (tx) => {
    await lockTenant(tx, ctx.tenantId);
    const before = await tenantDetailTx(tx, ctx.tenantId);
    const columns: Array<[string, unknown]> = [];
    for (const [field, column] of Object.entries(TENANT_COLUMNS)) {
      if (body[field] !== undefined) columns.push([column, body[field]]);
    }
    await updateTenantColumns(tx, ctx.tenantId, columns);
    if (body.timeZone !== undefined) await writeTimeZone(tx, ctx.tenantId, body.timeZone as CooperativeTimeZone, ctx.userId);
    if (body.officers) {
      const userIds = body.officers.map((o) => o.userId).filter((v): v is string => Boolean(v));
      if (userIds.length) {
        const found = await existingUserIds(tx, ctx.tenantId, userIds);
        const missing = body.officers.find((o) => o.userId && !found.has(o.userId));
        if (missing) throw notFound('settings.officer_user_not_found', { name: missing.name });
      }
      await replaceOfficers(
        tx,
        ctx.tenantId,
        body.officers.map((o) => ({
          board: o.board,
          title: o.title,
          name: o.name,
          userId: o.userId ?? null,
          phone: o.phone ?? null,
          periodStart: o.periodStart ?? null,
          periodEnd: o.periodEnd ?? null,
        })),
      );
    }
    const after = await tenantDetailTx(tx, ctx.tenantId);
    await audit(tx, ctx, { action: 'tenant.update', entity: 'tenant', entityId: ctx.tenantId, before, after });
    return after;
  });
}

// ---------------------------------------------------------------- logo

const logoKey = (tenantId: string) => `${tenantId}/tenant/logo.png`;

export async function uploadLogo(ctx: Ctx, storage: Storage, req: FastifyRequest) {
  const up = await readUpload(req, LOGO_MAX_BYTES);
  const type = sniff(up.buffer);
  if (type !== 'image/jpeg' && type !== 'image/png' && type !== 'image/webp') {
    throw badRequest('FILE_TYPE', 'settings.file_type', { types: 'JPG, PNG, WebP' });
  }
  const img = await reencodeImage(up.buffer, type, { maxSide: 1024, toPng: true });
  await storage.put(logoKey(ctx.tenantId), img.buffer, img.contentType);
  return withTx(ctx, async (tx) => {
    const before = await findLogoUrl(tx, ctx.tenantId, true);
    const url = `/api/tenant/logo?v=${Date.now().toString(36)}`;
    await setLogoUrl(tx, ctx.tenantId, url);
    await audit(tx, ctx, {
      action: 'tenant.logo_upload',
      entity: 'tenant',
      entityId: ctx.tenantId,
      before: { logoUrl: before ?? null },
      after: { logoUrl: url, fileName: up.filename, bytes: img.buffer.length, width: img.width, height: img.height },
    });
    return { logoUrl: url, width: img.width, height: img.height, size: img.buffer.length };
  });
}

export async function readLogo(ctx: Ctx, storage: Storage) {
  const logoUrl = await withTx(ctx, (tx) => findLogoUrl(tx, ctx.tenantId));
  if (!logoUrl) throw notFound('settings.logo_none');
  const file = await storage.get(logoKey(ctx.tenantId));
  if (!file) throw notFound('settings.logo_none');
  return file;
}

export async function removeLogo(ctx: Ctx, storage: Storage) {
  await withTx(ctx, async (tx) => {
    const before = await findLogoUrl(tx, ctx.tenantId, true);
    if (!before) throw notFound('settings.logo_none');
    await setLogoUrl(tx, ctx.tenantId, null);
    await audit(tx, ctx, { action: 'tenant.logo_remove', entity: 'tenant', entityId: ctx.tenantId, before: { logoUrl: before } });
    tx.afterCommit(() => storage.delete(logoKey(ctx.tenantId)));
  });
}

// ---------------------------------------------------------------- AD/ART

function adArtOut(r: AdArtRow) {
  return {
    id: r.id,
    documentType: r.document_type,
    title: r.title,
    description: r.description,
    fileName: r.file_name,
    contentType: r.content_type,
    size: r.size_bytes,
    uploadedBy: r.uploaded_by ? { id: r.uploaded_by, name: r.uploaded_by_name } : null,
    createdDate: r.created_date,
    downloadUrl: `/api/ad-art/${r.id}/download`,
  };
}

export async function listAdArt(ctx: Ctx, q: PageQuery & { documentType?: string }) {
  return withTx(ctx, async (tx) => {
    const { rows, total } = await pageAdArt(tx, ctx.tenantId, q);
    return paged(rows.map(adArtOut), total, q.page, q.limit);
  });
}

export async function uploadAdArt(ctx: Ctx, storage: Storage, req: FastifyRequest) {
  const up = await readUpload(req, AD_ART_MAX_BYTES);
  const parsed = adArtFields.safeParse(up.fields);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => ({
      field: i.path.map(String).join('.') || 'title',
      message: hasMessage(i.message) ? i.message : 'validation.invalid',
    }));
    throw badRequest('VALIDATION_FAILED', fields[0].message, { field: translate(`field.${fields[0].field}`, ctx.lang) }, fields);
  }
  const type = sniff(up.buffer);
  if (!type) throw badRequest('FILE_TYPE', 'settings.file_type', { types: 'PDF, JPG, PNG, WebP' });
  let body = up.buffer;
  if (type !== 'application/pdf') body = (await reencodeImage(up.buffer, type, { maxSide: 6000 })).buffer;
  const id = crypto.randomUUID();
  const key = `${ctx.tenantId}/ad-art/${id}`;
  await storage.put(key, body, type);
  const fileName = up.filename.replace(/[\r\n"\\/]/g, '_').slice(0, 200);
  try {
    return await withTx(ctx, async (tx) => {
      await insertAdArt(
        tx,
        ctx.tenantId,
        {
          id,
          documentType: parsed.data.documentType,
          title: parsed.data.title,
          description: parsed.data.description ?? null,
          fileName,
          contentType: type,
          size: body.length,
          storageKey: key,
        },
        ctx.userId,
      );
      const row = await findAdArt(tx, ctx.tenantId, id);
      const out = adArtOut(row!);
      await audit(tx, ctx, { action: 'ad_art.upload', entity: 'ad_art_document', entityId: id, after: out });
      return out;
    });
  } catch (err) {
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
}

export async function readAdArt(ctx: Ctx, storage: Storage, id: string) {
  const row = await withTx(ctx, (tx) => findAdArt(tx, ctx.tenantId, id));
  if (!row) throw notFound('settings.ad_art_not_found');
  const file = await storage.get(row.storage_key);
  if (!file) throw notFound('settings.ad_art_not_found');
  return { ...file, fileName: row.file_name, contentType: row.content_type };
}

export async function deleteAdArt(ctx: Ctx, storage: Storage, id: string) {
  await withTx(ctx, async (tx) => {
    const row = await findAdArt(tx, ctx.tenantId, id);
    if (!row) throw notFound('settings.ad_art_not_found');
    await deleteAdArtRow(tx, ctx.tenantId, id);
    await audit(tx, ctx, { action: 'ad_art.delete', entity: 'ad_art_document', entityId: id, before: adArtOut(row) });
    tx.afterCommit(() => storage.delete(row.storage_key));
  });
}

// ---------------------------------------------------------------- member features

const FEATURE_FLAG: Record<Exclude<MemberFeature, 'MOBILE_APP'>, 'onlineWithdrawal' | 'onlineLoan' | 'ppob' | 'transfer'> = {
  ONLINE_WITHDRAWAL: 'onlineWithdrawal',
  ONLINE_LOAN: 'onlineLoan',
  PPOB: 'ppob',
  TRANSFER: 'transfer',
};

/** Aliases the clients may send for a feature. */
const FEATURE_ALIASES: Record<string, MemberFeature> = {
  WITHDRAW: 'ONLINE_WITHDRAWAL',
  WITHDRAWAL: 'ONLINE_WITHDRAWAL',
  CASHING_OUT: 'ONLINE_WITHDRAWAL',
  LOAN: 'ONLINE_LOAN',
  MOBILE: 'MOBILE_APP',
  APP: 'MOBILE_APP',
};

export async function memberFeature(ctx: Ctx, action: string) {
  const feature = ((MEMBER_FEATURES as readonly string[]).includes(action) ? action : FEATURE_ALIASES[action]) as MemberFeature | undefined;
  if (!feature) {
    throw badRequest('FEATURE_UNKNOWN', 'settings.feature_unknown', { action, choices: MEMBER_FEATURES.join(', ') });
  }
  const cfg = await withTx(ctx, (tx) => getConfig(tx, ctx.tenantId, 'mobileApps'));
  let available = cfg.enabled;
  let reason = cfg.enabled ? 'settings.feature_available' : 'settings.feature_app_disabled';
  if (cfg.enabled && feature !== 'MOBILE_APP') {
    available = cfg[FEATURE_FLAG[feature]];
    if (!available) reason = 'settings.feature_disabled';
  }
  return {
    action: feature,
    available,
    message: translate(reason, ctx.lang, { feature }),
  };
}
