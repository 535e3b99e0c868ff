/**
 * Helpers of the ledger, chart-of-accounts and report tests: a tenant with its
 * accounts by code, a signed-in user of a built-in role without ledger rights,
 * and direct engine access (post inside a tenant transaction).
 */
import type { LightMyRequestResponse } from 'fastify';
import type { Tx } from '../src/db/db.ts';
import { type Ctx, systemCtx } from '../src/lib/context.ts';
import { hashPassword } from '../src/lib/password.ts';
import { type Client, client, newTenant, PASSWORD, signIn, type TestTenant, testDb, unique, uniquePhone } from './helpers.ts';

export interface LedgerTenant extends TestTenant {
  /** Account ids by code (default chart of accounts). */
  acc: Record<string, string>;
  ctx: Ctx;
  /** Run `fn` in a transaction of this tenant (the engine's callers do the same). */
  tx<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

export async function ledgerTenant(): Promise<LedgerTenant> {
  const t = await newTenant();
  const db = await testDb();
  const rows = await db.tenant(t.tenantId, (tx) => tx.query<{ id: string; code: string }>('SELECT id, code FROM coa_account'));
  const acc = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  const ctx = systemCtx(db, t.tenantId, { userId: t.adminUserId, requestId: 'test' });
  return { ...t, acc, ctx, tx: (fn) => db.tenant(t.tenantId, fn) };
}

/**
 * A signed-in user of a built-in role (TELLER: cash_bank and report view; AGENT: report view), or of a new
 * role with exactly `permissions` ({} = nothing at all).
 */
export async function roleUser(t: TestTenant, role: 'TELLER' | 'AGENT' | { permissions: Record<string, unknown> }): Promise<Client> {
  const db = await testDb();
  const email = `user-${unique()}@test.koperasi.id`;
  const hash = await hashPassword(PASSWORD);
  await db.tenant(t.tenantId, async (tx) => {
    const roleId =
      typeof role === 'string'
        ? (await tx.one<{ id: string }>('SELECT id FROM role WHERE tenant_id = $1 AND code = $2', [t.tenantId, role]))!.id
        : (await tx.one<{ id: string }>('INSERT INTO role (tenant_id, name, permissions) VALUES ($1, $2, $3::jsonb) RETURNING id', [
            t.tenantId,
            `Role ${unique()}`,
            JSON.stringify(role.permissions),
          ]))!.id;
    await tx.exec(
      `INSERT INTO app_user (tenant_id, first_name, email, phone, password_hash, role_id, position, password_changed_at)
       VALUES ($1, 'Uji', $2, $3, $4, $5, 'PEGAWAI', now())`,
      [t.tenantId, email, uniquePhone(), hash, roleId],
    );
  });
  const res = await signIn(t.app, email, PASSWORD);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return client(t.app, res.json().access_token);
}

/** A manual journal body: pairs of [code, debit, credit]. */
export function jbody(t: LedgerTenant, date: string, lines: Array<[string, number, number]>, extra: Record<string, unknown> = {}) {
  return {
    date,
    description: 'Jurnal uji',
    ...extra,
    lines: lines.map(([code, debit, credit]) => ({ coaId: t.acc[code], debit, credit })),
  };
}

export function data<T = any>(res: LightMyRequestResponse): T {
  return res.json().data as T;
}

/** A date `days` before today (UTC), YYYY-MM-DD. */
export function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}
