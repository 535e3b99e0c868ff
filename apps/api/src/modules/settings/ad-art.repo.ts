/** SQL of the cooperative's statutes and bylaws documents (AD/ART); the files themselves are in storage. */
import type { Tx } from '../../db/db.ts';
import { likePattern, orderBy } from '../../lib/http.ts';
import type { PageQuery } from '../../lib/page-query.ts';

export interface AdArtRow {
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

const AD_ART_SELECT = `SELECT d.id, d.document_type, d.title, d.description, d.file_name, d.content_type, d.size_bytes, d.storage_key,
         d.uploaded_by, nullif(concat_ws(' ', u.first_name, u.last_name), '') AS uploaded_by_name, d.created_date
  FROM ad_art_document d LEFT JOIN app_user u ON u.tenant_id = d.tenant_id AND u.id = d.uploaded_by`;

export function findAdArt(tx: Tx, tenantId: string, id: string) {
  return tx.one<AdArtRow>(`${AD_ART_SELECT} WHERE d.tenant_id = $1 AND d.id = $2`, [tenantId, id]);
}

/** One page of documents (search in title, description and file name; optional type) and the total. */
export async function pageAdArt(
  tx: Tx,
  tenantId: string,
  q: PageQuery & { documentType?: string },
): Promise<{ rows: AdArtRow[]; total: number }> {
  const where = ['d.tenant_id = $1'];
  const params: unknown[] = [tenantId];
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
  return { rows, total: total?.n ?? 0 };
}

export interface NewAdArt {
  id: string;
  documentType: string;
  title: string;
  description: string | null;
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
}

export async function insertAdArt(tx: Tx, tenantId: string, d: NewAdArt, userId: string | null): Promise<void> {
  await tx.exec(
    `INSERT INTO ad_art_document (tenant_id, id, document_type, title, description, file_name, content_type, size_bytes, storage_key, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [tenantId, d.id, d.documentType, d.title, d.description, d.fileName, d.contentType, d.size, d.storageKey, userId],
  );
}

export async function deleteAdArtRow(tx: Tx, tenantId: string, id: string): Promise<void> {
  await tx.exec('DELETE FROM ad_art_document WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
}
