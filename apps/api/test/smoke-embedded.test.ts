/**
 * Always boots the real server in embedded mode (no DATABASE_URL), the way a
 * newcomer's `npm start` does: PGlite under DATA_DIR, migrations, the demo
 * cooperative, sign-in as its admin; then restarts on the same data.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'koperasi-smoke-'));
let proc: ChildProcess | null = null;

async function start(port: number): Promise<{ output: () => string }> {
  let out = '';
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.SEED_DEMO;
  delete env.JWT_SECRET;
  proc = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), [path.join(repoRoot, 'apps/api/src/server.ts')], { env, cwd: repoRoot });
  proc.stdout?.on('data', (d) => {
    out += d;
  });
  proc.stderr?.on('data', (d) => {
    out += d;
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) return { output: () => out };
    } catch {
      // not up yet
    }
    if (proc.exitCode !== null) throw new Error(`server exited: ${out}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not start: ${out}`);
}

async function stop() {
  if (!proc || proc.exitCode !== null) return;
  const p = proc;
  await new Promise<void>((resolve) => {
    p.once('exit', () => resolve());
    p.kill('SIGTERM');
  });
}

afterAll(async () => {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signInDemo(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/oauth/token?username=demo%40koperasi.id&password=Demo12345!&grant_type=password`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('web:web-secret').toString('base64')}` },
  });
  return res;
}

describe('embedded mode (PGlite) smoke test', () => {
  it('starts, creates the demo cooperative, signs in, and keeps its data across a restart', async () => {
    const port = await freePort();
    const s = await start(port);
    const health = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json();
    expect(health).toMatchObject({ status: true, data: { db: 'pglite' } });
    expect(s.output()).toContain('demo sign-in: demo@koperasi.id / Demo12345!');
    const tok = await signInDemo(port);
    expect(tok.status).toBe(200);
    const { access_token } = (await tok.json()) as { access_token: string };
    const res = await fetch(`http://127.0.0.1:${port}/api/users/detail`, { headers: { authorization: `Bearer ${access_token}` } });
    const detail = (await res.json()) as { data: { tenant: { name: string; stepConfiguration: number } } };
    expect(detail.data.tenant.name).toBe('Koperasi Demo Sejahtera');
    expect(detail.data.tenant.stepConfiguration).toBe(3);
    await stop();

    const port2 = await freePort();
    await start(port2);
    // Same JWT secret and data: the earlier token still works, and the demo is not created twice.
    const again = await fetch(`http://127.0.0.1:${port2}/api/users/detail`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(again.status).toBe(200);
    expect((await signInDemo(port2)).status).toBe(200);
    await stop();
  }, 240_000);
});
