#!/usr/bin/env node
/**
 * `npm start`: build the web app when its bundle is missing or older than its
 * sources, then run the server (API + web) with tsx.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name === 'e2e') continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const webPkg = path.join(web, 'package.json');
const hasBuild = existsSync(webPkg) && JSON.parse(await import('node:fs').then((fs) => fs.readFileSync(webPkg, 'utf8'))).scripts?.build;
if (hasBuild && !process.env.SKIP_WEB_BUILD) {
  const index = path.join(web, 'dist/index.html');
  const stale =
    !existsSync(index) ||
    statSync(index).mtimeMs < Math.max(newest(path.join(web, 'src')), newest(path.join(root, 'packages/contracts/src')));
  if (stale) {
    console.log('Building the web app (first start or sources changed)...');
    const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

const tsx = path.join(root, 'node_modules/.bin/tsx');
const child = spawn(tsx, [path.join(root, 'apps/api/src/server.ts')], { cwd: root, stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
