#!/usr/bin/env node
/**
 * `npm run bench -- <name> [args]` runs bench/<name>.ts (with tsx) or bench/<name>.mjs.
 * Without a name it lists the benchmarks.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const [name, ...args] = process.argv.slice(2);
const all = readdirSync(here).filter((f) => /\.(ts|mjs)$/.test(f) && f !== 'run.mjs' && !f.startsWith('_'));
if (!name) {
  console.log(`benchmarks: ${all.map((f) => f.replace(/\.(ts|mjs)$/, '')).join(', ')}`);
  process.exit(0);
}
const ts = path.join(here, `${name}.ts`);
const mjs = path.join(here, `${name}.mjs`);
const file = existsSync(ts) ? ts : existsSync(mjs) ? mjs : null;
if (!file) {
  console.error(`no benchmark ${name}; have: ${all.join(', ')}`);
  process.exit(1);
}
const cmd = file.endsWith('.ts') ? path.join(here, '../node_modules/.bin/tsx') : process.execPath;
const r = spawnSync(cmd, [file, ...args], { stdio: 'inherit' });
process.exit(r.status ?? 1);
