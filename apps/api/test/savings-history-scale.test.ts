/**
 * The transaction history (GET /api/transaction/datatable) over a large table, read from the plans of its statements
 * (a test database holds too few rows for timings to mean anything): the page follows the (tenant, created_at DESC,
 * seq DESC) index instead of sorting every movement ("NULLS LAST" on a NOT NULL column kept the index out: 2.3 s a
 * page at 987,000 movements), the count reads the movements alone when the filter names no joined table (1.0 s ->
 * 0.1-0.5 s), and a search finds the matching members and accounts first instead of joining every movement (7.8 s ->
 * 2-3 s). Figures: docs/savings.md "Lists at a million movements".
 */
import { describe, expect, it } from 'vitest';
import { systemCtx } from '../src/lib/context.ts';
import { namesAlias, orderBy } from '../src/lib/http.ts';
import { txWhere } from '../src/modules/savings/savings.lists.ts';
import { txPageSql } from '../src/modules/savings/savings.tx-lists.repo.ts';
import { body, newTenant } from './helpers.ts';

async function plans(search?: string, sortBy?: string) {
  const t = await newTenant();
  const ctx = systemCtx(t.app.db, t.tenantId, { userId: t.adminUserId, requestId: 'history-plans' });
  const params: unknown[] = [];
  const where = txWhere(ctx, { search }, params);
  const sql = txPageSql(where, { sortBy, dir: 'DESC' }, params.length + 1);
  return t.app.db.tenant(t.tenantId, async (tx) => {
    // Sorting and scanning whole tables priced out: a plan that still sorts or joins every movement cannot avoid it.
    await tx.exec('SET LOCAL enable_sort = off');
    await tx.exec('SET LOCAL enable_seqscan = off');
    const explain = async (text: string, p: unknown[]) =>
      (await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, p)).map((r) => r['QUERY PLAN']).join('\n');
    return { page: await explain(sql.page, [...params, 10, 0]), count: await explain(sql.count, params), t };
  });
}

describe('transaction history at scale (plans)', () => {
  it('a page follows the created index, no sort of every movement; the count reads the movements alone', async () => {
    const { page, count, t } = await plans();
    expect(page).toContain('member_transaction_created_idx');
    expect(page).not.toMatch(/\bSort\b/);
    expect(count).not.toMatch(/\bon member\b|\bon product\b|Join|Nested Loop/);
    // And the route answers as before.
    const res = await t.admin.get('/api/transaction/datatable', { limit: 10 });
    expect(body(res).status).toBe(true);
  });

  it('a search finds the members and accounts first: the movements are not joined to be counted', async () => {
    const { count } = await plans('budi');
    expect(count).not.toMatch(/Join|Nested Loop/);
    expect(count).toMatch(/InitPlan/);
  });

  it('sorted by amount (a NOT NULL column without an index): sorted, nulls-last not needed', async () => {
    const { page } = await plans(undefined, 'amount');
    expect(page).toMatch(/Sort Key: t\.amount DESC, t\.seq DESC/);
  });
});

describe('orderBy', () => {
  it('empty values last, except on NOT NULL columns, where the clause would only keep a DESC index out', () => {
    const cols = { created_date: 'j.posted_at', number: 'j.number' };
    expect(orderBy(undefined, 'DESC', cols, 'created_date', 'j.id', ['j.posted_at'])).toBe('ORDER BY j.posted_at DESC, j.id DESC');
    expect(orderBy('number', 'ASC', cols, 'created_date', 'j.id', ['j.posted_at'])).toBe('ORDER BY j.number ASC NULLS LAST, j.id ASC');
    expect(orderBy(undefined, 'DESC', cols, 'created_date')).toBe('ORDER BY j.posted_at DESC NULLS LAST, id DESC');
  });
});

describe('namesAlias', () => {
  it('tells whether a filter names a joined table, by its alias only', () => {
    expect(namesAlias('t.tenant_id = app_tenant() AND m.branch_id = $2', 'm', 'p')).toBe(true);
    expect(namesAlias("s.status = 'ACTIVE' AND sum.x = 1 AND t.amount > 0", 'm')).toBe(false);
    expect(namesAlias('(r.id IS NULL)', 'r')).toBe(true);
    expect(namesAlias('j.reversal_of_id IS NULL', 'r')).toBe(false);
  });
});
