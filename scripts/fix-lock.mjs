/**
 * Re-adds the lock-file entries of Biome's platform packages that the
 * registry this project installs from does not carry (it has the Linux glibc
 * builds only), so `npm ci` (used by `.ci/run`) passes its lock-file check.
 * npm skips these entries on install (wrong os/cpu/libc), so they are never
 * downloaded. Run it after an `npm install` that re-resolved Biome:
 *   node scripts/fix-lock.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const pk = lock.packages;
const base = pk['node_modules/@biomejs/cli-linux-x64'];
if (!base) throw new Error('@biomejs/cli-linux-x64 is not in package-lock.json; run npm install first');
const platforms = {
  'android-arm64': ['android', 'arm64'],
  'android-x64': ['android', 'x64'],
  'darwin-arm64': ['darwin', 'arm64'],
  'darwin-x64': ['darwin', 'x64'],
  'linux-arm64': ['linux', 'arm64', 'glibc'],
  'linux-arm64-musl': ['linux', 'arm64', 'musl'],
  'linux-x64-musl': ['linux', 'x64', 'musl'],
  'win32-arm64': ['win32', 'arm64'],
  'win32-x64': ['win32', 'x64'],
};
let added = 0;
for (const [name, [os, cpu, libc]] of Object.entries(platforms)) {
  const key = `node_modules/@biomejs/cli-${name}`;
  if (pk[key]) continue;
  pk[key] = {
    version: base.version,
    cpu: [cpu],
    dev: true,
    ...(libc ? { libc: [libc] } : {}),
    license: base.license,
    optional: true,
    os: [os],
    engines: base.engines,
  };
  added++;
}
const sorted = Object.fromEntries(Object.entries(pk).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))));
lock.packages = sorted;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} Biome platform entries added`);
