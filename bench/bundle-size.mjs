#!/usr/bin/env node
/**
 * Gzip size of the JavaScript the browser loads for the sign-in route and for
 * the dashboard route, from the Vite manifest of apps/web/dist (build first:
 * `npm run build -w apps/web`, or pass --build). A route loads the entry
 * chunk, the route's page chunk, every chunk they import statically, and the
 * Indonesian texts of the namespaces it uses. Fails when the sign-in route
 * exceeds 200 KB gzip.
 *
 *   npm run bench -- bundle-size [--build] [--json]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
const LIMIT_KB = 200;

if (process.argv.includes('--build') || !existsSync(manifestPath)) {
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);

/** The chunk keys loaded with `keys`: themselves and their static imports, transitively. */
function closure(keys) {
  const seen = new Set();
  const visit = (k) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return seen;
}

const gz = new Map();
function gzipBytes(file) {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gz.get(file);
}

function measure(name, pages) {
  const missing = pages.filter((p) => !manifest[p]);
  if (missing.length) throw new Error(`${name}: not in the manifest: ${missing.join(', ')}`);
  const chunks = closure([entryKey, ...pages]);
  const files = [...chunks].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const rows = files.map((f) => ({ file: f, raw: readFileSync(path.join(dist, f)).length, gzip: gzipBytes(f) }));
  rows.sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((s, r) => s + r.gzip, 0);
  const raw = rows.reduce((s, r) => s + r.raw, 0);
  return { name, chunks: rows.length, rawKB: raw / 1024, gzipKB: total / 1024, rows };
}

const routes = [
  measure('sign-in (/sign-in)', ['src/features/auth/pages/SignInPage.tsx', 'src/locales/id/common.json', 'src/locales/id/auth.json']),
  measure('dashboard (/dashboard)', [
    'src/app/signedIn.tsx',
    'src/app/layouts/AppLayout.tsx',
    'src/app/dashboard/DashboardPage.tsx',
    'src/app/dashboard/WelcomeWidget.tsx',
    'src/app/dashboard/LimitsWidget.tsx',
    'src/app/dashboard/QuickAccessWidget.tsx',
    'src/features/profile/components/RecentActivityWidget.tsx',
    'src/locales/id/common.json',
    'src/locales/id/profile.json',
  ]),
];

if (process.argv.includes('--json')) {
  console.log(
    JSON.stringify(
      routes.map(({ rows, ...r }) => r),
      null,
      2,
    ),
  );
} else {
  for (const r of routes) {
    console.log(`${r.name}: ${r.gzipKB.toFixed(1)} KB gzip (${r.rawKB.toFixed(1)} KB raw) in ${r.chunks} chunks`);
    for (const row of r.rows.slice(0, 8)) console.log(`  ${(row.gzip / 1024).toFixed(1).padStart(7)} KB  ${row.file}`);
  }
}

const signIn = routes[0];
if (signIn.gzipKB > LIMIT_KB) {
  console.error(`\nFAIL: the sign-in route loads ${signIn.gzipKB.toFixed(1)} KB gzip of JavaScript, over the ${LIMIT_KB} KB budget.`);
  process.exit(1);
}
console.log(`\nOK: sign-in route ${signIn.gzipKB.toFixed(1)} KB gzip <= ${LIMIT_KB} KB budget.`);
