/**
 * After `npm install`: make sure the argon2 native module loads.
 *
 * argon2 ships prebuilt binaries, and its install script is not run
 * (package.json "allowScripts"). On some machines the prebuilt Linux binary
 * crashes the process when it is loaded (seen on this project's Debian 12
 * machines: a segmentation fault). We load it in a child process, and only
 * when that fails do we compile it from source with the node-gyp that npm
 * bundles (needs python3, make and a C++ compiler). node-gyp-build prefers
 * `build/Release` over the prebuilds, so the compiled module wins from then on.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

function loads() {
  const r = spawnSync(process.execPath, ['-e', "require('argon2')"], { stdio: 'ignore', cwd: process.cwd() });
  return r.status === 0;
}

let argon2Dir;
try {
  argon2Dir = path.dirname(require.resolve('argon2/package.json'));
} catch {
  process.exit(0); // not installed (e.g. a partial install): nothing to check
}

if (loads()) process.exit(0);

const npmCli = process.env.npm_execpath;
const candidates = [
  npmCli && path.join(path.dirname(npmCli), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
  path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
].filter(Boolean);
const gyp = candidates.find((c) => existsSync(c));
if (!gyp) {
  console.error('[postinstall] argon2 does not load and node-gyp was not found; sign-in will fail.');
  process.exit(1);
}
console.log('[postinstall] the prebuilt argon2 module does not load here; compiling it from source');
// Build against the headers installed with Node when there are any (this machine has no route to nodejs.org).
const prefix = path.join(path.dirname(process.execPath), '..');
const nodedir = process.env.npm_config_nodedir || (existsSync(path.join(prefix, 'include', 'node', 'node.h')) ? prefix : undefined);
const args = [gyp, 'rebuild', ...(nodedir ? [`--nodedir=${nodedir}`] : [])];
const r = spawnSync(process.execPath, args, { cwd: argon2Dir, stdio: 'inherit' });
if (r.status !== 0 || !loads()) {
  console.error('[postinstall] compiling argon2 failed; install python3, make and g++ and run npm install again.');
  process.exit(1);
}
console.log('[postinstall] argon2 compiled and loads');
