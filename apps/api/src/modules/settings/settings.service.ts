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
import { likePattern, orderBy, paged } from '../../lib/http.ts';
import type { Storage } from '../../lib/storage.ts';
import { getConfig } from './configuration.ts';
import { readTimeZone, writeTimeZone } from './time-zone.repo.ts';
import { readUpload, reencodeImage, sniff } from './upload.ts';

// ---------------------------------------------------------------- cooperative details

interface TenantRow {
  tenant_id: string;
  name: string;
  cooperative_type: string;
  is_active: boolean;
  activated_at: Date | null;
  step_configuration: number;
  legal_entity_number: string | null;
  legal_entity_date: string | null;
  cooperative_number: string | null;
  tax_number: string | null;
  address: string | null;
  city: string | null;
  province: string | null;
  postal_code: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  logo_url: string | null;
  fiscal_year_start_month: number;
  created_date: Date;
}

interface OfficerRow {
  id: string;
  board: string;
  title: string;
  name: string;
  user_id: string | null;
  user_name: string | null;
  phone: string | null;
  period_start: string | null;
  period_end: string | null;
  sort_order: number;
}

async function officers(tx: Tx, tenantId: string) {
  const rows = await tx.query<OfficerRow>(
    `SELECT o.id, o.board, o.title, o.name, o.user_id, nullif(concat_ws(' ', u.first_name, u.last_name), '') AS user_name,
            o.phone, o.period_start, o.period_end, o.sort_order
     FROM tenant_officer o LEFT JOIN app_user u ON u.tenant_id = o.tenant_id AND u.id = o.user_id
     WHERE o.tenant_id = $1 ORDER BY o.board DESC, o.sort_order, o.name`,
    [tenantId],
  );
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
  const t = await tx.one<TenantRow>(
    `SELECT tenant_id, name, cooperative_type, is_active, activated_at, step_configuration, legal_entity_number, legal_entity_date,
            cooperative_number, tax_number, address, city, province, postal_code, phone, email, website, logo_url,
            fiscal_year_start_month, created_date
     FROM tenant WHERE tenant_id = $1`,
    [tenantId],
  );
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
    await tx.query('SELECT 1 FROM tenant WHERE tenant_id = $1 FOR UPDATE', [ctx.tenantId]);
    const before = await tenantDetailTx(tx, ctx.tenantId);
    const sets: string[] = [];
    const params: unknown[] = [ctx.tenantId];
    for (const [field, column] of Object.entries(TENANT_COLUMNS)) {
      if (body[field] === undefined) continue;
      params.push(body[field]);
      sets.push(`${column} = $${params.length}`);
    }
    if (sets.length) await tx.exec(`UPDATE tenant SET ${sets.join(', ')} WHERE tenant_id = $1`, params);
    if (body.timeZone !== undefined) await writeTimeZone(tx, ctx.tenantId, body.timeZone as CooperativeTimeZone, ctx.userId);
    if (body.officers) {
      const userIds = body.officers.map((o) => o.userId).filter((v): v is string => Boolean(v));
      if (userIds.length) {
        const found = await tx.query<{ id: string }>('SELECT id FROM app_user WHERE tenant_id = $1 AND id = ANY($2::uuid[])', [
          ctx.tenantId,
          userIds,
        ]);
        const missing = body.officers.find((o) => o.userId && !found.some((f) => f.id === o.userId));
        if (missing) throw notFound('settings.officer_user_not_found', { name: missing.name });
      }
      await tx.exec('DELETE FROM tenant_officer WHERE tenant_id = $1', [ctx.tenantId]);
      let order = 0;
      for (const o of body.officers) {
        await tx.exec(
          `INSERT INTO tenant_officer (tenant_id, board, title, name, user_id, phone, period_start, period_end, sort_order)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [ctx.tenantId, o.board, o.title, o.name, o.userId ?? null, o.phone ?? null, o.periodStart ?? null, o.periodEnd ?? null, order++],
        );
      }
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
    const before = await tx.one<{ logo_url: string | null }>('SELECT logo_url FROM tenant WHERE tenant_id = $1 FOR UPDATE', [ctx.tenantId]);
    const url = `/api/tenant/logo?v=${Date.now().toString(36)}`;
    await tx.exec('UPDATE tenant SET logo_url = $2, logo_updated_at = now() WHERE tenant_id = $1', [ctx.tenantId, url]);
    await audit(tx, ctx, {
      action: 'tenant.logo_upload',
      entity: 'tenant',
      entityId: ctx.tenantId,
      before: { logoUrl: before?.logo_url ?? null },
      after: { logoUrl: url, fileName: up.filename, bytes: img.buffer.length, width: img.width, height: img.height },
    });
    return { logoUrl: url, width: img.width, height: img.height, size: img.buffer.length };
  });
}

export async function readLogo(ctx: Ctx, storage: Storage) {
  const t = await withTx(ctx, (tx) =>
    tx.one<{ logo_url: string | null }>('SELECT logo_url FROM tenant WHERE tenant_id = $1', [ctx.tenantId]),
  );
  if (!t?.logo_url) throw notFound('settings.logo_none');
  const file = await storage.get(logoKey(ctx.tenantId));
  if (!file) throw notFound('settings.logo_none');
  return file;
}

export async function removeLogo(ctx: Ctx, storage: Storage) {
  await withTx(ctx, async (tx) => {
    const before = await tx.one<{ logo_url: string | null }>('SELECT logo_url FROM tenant WHERE tenant_id = $1 FOR UPDATE', [ctx.tenantId]);
    if (!before?.logo_url) throw notFound('settings.logo_none');
    await tx.exec('UPDATE tenant SET logo_url = NULL, logo_updated_at = now() WHERE tenant_id = $1', [ctx.tenantId]);
    await audit(tx, ctx, { action: 'tenant.logo_remove', entity: 'tenant', entityId: ctx.tenantId, before: { logoUrl: before.logo_url } });
    tx.afterCommit(() => storage.delete(logoKey(ctx.tenantId)));
  });
}

// ---------------------------------------------------------------- AD/ART

interface AdArtRow {
  id: string;
  document_type: string;
  title: string;
  description: string | null;
  file_name: string;
  content_type: string;
  size_bytes: number;
  storage_key: string;
  uploaded_by: string | null;
  uploaded_by_name: string | null;
  created_date: Date;
}

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

const AD_ART_SELECT = `SELECT d.id, d.document_type, d.title, d.description, d.file_name, d.content_type, d.size_bytes, d.storage_key,
         d.uploaded_by, nullif(concat_ws(' ', u.first_name, u.last_name), '') AS uploaded_by_name, d.created_date
  FROM ad_art_document d LEFT JOIN app_user u ON u.tenant_id = d.tenant_id AND u.id = d.uploaded_by`;

export async function listAdArt(
  ctx: Ctx,
  q: { page: number; limit: number; search?: string; sortBy?: string; ascOrDesc: 'ASC' | 'DESC'; documentType?: string },
) {
  return withTx(ctx, async (tx) => {
    const where = ['d.tenant_id = $1'];
    const params: unknown[] = [ctx.tenantId];
    if (q.search) {
      params.push(likePattern(q.search));
      where.push(`(d.title ILIKE $${params.length} OR d.description ILIKE $${params.length} OR d.file_name ILIKE $${params.length})`);
    }
    if (q.documentType) {
      params.push(q.documentType);
      where.push(`d.document_type = $${params.length}`);
    }
    const total = await tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM ad_art_document d WHERE ${where.join(' AND ')}`, params);
    const order = orderBy(
      q.sortBy,
      q.ascOrDesc,
      { created_date: 'd.created_date', title: 'lower(d.title)', size: 'd.size_bytes' },
      'created_date',
      'd.id',
    );
    params.push(q.limit, q.page * q.limit);
    const rows = await tx.query<AdArtRow>(
      `${AD_ART_SELECT} WHERE ${where.join(' AND ')} ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return paged(rows.map(adArtOut), total?.n ?? 0, q.page, q.limit);
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
      await tx.exec(
        `INSERT INTO ad_art_document (tenant_id, id, document_type, title, description, file_name, content_type, size_bytes, storage_key, uploaded_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          ctx.tenantId,
          id,
          parsed.data.documentType,
          parsed.data.title,
          parsed.data.description ?? null,
          fileName,
          type,
          body.length,
          key,
          ctx.userId,
        ],
      );
      const row = await tx.one<AdArtRow>(`${AD_ART_SELECT} WHERE d.tenant_id = $1 AND d.id = $2`, [ctx.tenantId, id]);
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
  const row = await withTx(ctx, (tx) => tx.one<AdArtRow>(`${AD_ART_SELECT} WHERE d.tenant_id = $1 AND d.id = $2`, [ctx.tenantId, id]));
  if (!row) throw notFound('settings.ad_art_not_found');
  const file = await storage.get(row.storage_key);
  if (!file) throw notFound('settings.ad_art_not_found');
  return { ...file, fileName: row.file_name, contentType: row.content_type };
}

export async function deleteAdArt(ctx: Ctx, storage: Storage, id: string) {
  await withTx(ctx, async (tx) => {
    const row = await tx.one<AdArtRow>(`${AD_ART_SELECT} WHERE d.tenant_id = $1 AND d.id = $2`, [ctx.tenantId, id]);
    if (!row) throw notFound('settings.ad_art_not_found');
    await tx.exec('DELETE FROM ad_art_document WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, id]);
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
