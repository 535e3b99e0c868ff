import type { Tx } from '../../db/db.ts';

/** Page views the user sent in the last hour (the per-hour cap). */
export async function countRecentPageViews(tx: Tx, tenantId: string, userId: string | null): Promise<number> {
  const recent = await tx.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM page_view
     WHERE tenant_id = $1 AND user_id = $2 AND received_at > now() - interval '1 hour'`,
    [tenantId, userId],
  );
  return recent?.n ?? 0;
}

/** Appends page views; a browser time outside the last 24 hours / next 5 minutes becomes the server's time. */
export async function insertPageViews(
  tx: Tx,
  tenantId: string,
  userId: string | null,
  sessionId: string | null,
  views: Array<{ path: string; at: string }>,
): Promise<void> {
  await tx.exec(
    `INSERT INTO page_view (tenant_id, user_id, session_id, path, viewed_at)
     SELECT $1, $2, $3, v.path,
            CASE WHEN v.at BETWEEN now() - interval '24 hours' AND now() + interval '5 minutes' THEN v.at ELSE now() END
     FROM jsonb_to_recordset($4::jsonb) AS v(path text, at timestamptz)`,
    [tenantId, userId, sessionId, JSON.stringify(views)],
  );
}
