/**
 * PostgreSQL ending a connection the server is using (an administrator's pg_terminate_backend, a restart, the idle
 * transaction timeout) costs the one request on it a clear 503, never the server process; a statement that runs past
 * the statement timeout answers 503 with what to do (PostgreSQL only: PGlite has no other connections to end).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createPgDb, type Db } from '../src/db/db.ts';
import { body, newTenant, TEST_DATA_DIR, testDb } from './helpers.ts';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(Boolean(url))('a database connection lost under a request (PostgreSQL)', () => {
  let db: Db;
  let owner: pg.Client;
  beforeAll(async () => {
    await testDb(); // migrated, the application's login role made
    db = createPgDb(url as string, 2, { dataDir: TEST_DATA_DIR });
    owner = new pg.Client({ connectionString: url });
    await owner.connect();
  });
  afterAll(async () => {
    await owner?.end();
    await db?.close();
  });

  it('a connection ended between two statements of a transaction fails that transaction only; the process and the pool go on', async () => {
    const attempt = db.app(async (tx) => {
      const me = await tx.one<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await owner.query('SELECT pg_terminate_backend($1)', [me!.pid]);
      // The connection's 'error' arrives while no statement runs: unhandled, it ended the server process.
      await new Promise((r) => setTimeout(r, 300));
      return tx.one('SELECT 1 AS one');
    });
    await expect(attempt).rejects.toThrow();
    for (let i = 0; i < 3; i++) expect(await db.app((tx) => tx.one<{ one: number }>('SELECT 1 AS one'))).toEqual({ one: 1 });
  });

  it('answers 503 DATABASE_UNAVAILABLE when the connection ends under a request, and 503 REQUEST_TIMEOUT past the statement timeout', async () => {
    const t = await newTenant();
    const app = await buildApp({
      db,
      skipMigrations: true,
      logger: false,
      config: { jwtSecret: 'test-secret-0123456789-abcdefghijklmnop', dataDir: TEST_DATA_DIR, publicUrl: 'http://koperasi.test' },
    });
    // Two probes on the real stack (the envelope's error handler, the pool, PostgreSQL): the statement that ends its own
    // connection, and one cancelled by a short statement timeout.
    app.get('/api/test-probe/terminated', { config: { public: true } }, async () =>
      db.app((tx) => tx.query('SELECT pg_terminate_backend(pg_backend_pid())')),
    );
    app.get('/api/test-probe/slow', { config: { public: true } }, async () =>
      db.app((tx) => tx.query("SET LOCAL statement_timeout = '50ms'; SELECT pg_sleep(2)")),
    );
    await app.ready();
    try {
      const gone = await app.inject({ method: 'GET', url: '/api/test-probe/terminated', headers: { 'accept-language': 'en' } });
      expect(gone.statusCode).toBe(503);
      expect(body<any>(gone)).toMatchObject({ status: false, errorCode: 'DATABASE_UNAVAILABLE' });
      expect(body<any>(gone).message).toMatch(/connection to the database was lost/);
      const slow = await app.inject({ method: 'GET', url: '/api/test-probe/slow' });
      expect(slow.statusCode).toBe(503);
      expect(body<any>(slow)).toMatchObject({ status: false, errorCode: 'REQUEST_TIMEOUT' });
      expect(body<any>(slow).message).toContain('60 detik');
      // The server still answers real calls of the cooperative afterwards.
      const me = await t.admin.get('/api/users/detail');
      expect(me.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
