/**
 * A machine without Chromium: the browser run stops before starting the
 * server, with one line saying how to get it (global-setup.ts). Checked here
 * by running the same check the set-up runs, and the set-up itself in a
 * child process with CHROMIUM_PATH pointing nowhere.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_CANDIDATES, chromiumProblem, findChromium, REPO_DIR, WEB_DIR } from './harness';

describe('Chromium check', () => {
  it('finds CHROMIUM_PATH first, else a usual install, and names the fix in one line when missing', () => {
    expect(findChromium({ CHROMIUM_PATH: '/opt/chrome/chrome' }, () => false)).toBe('/opt/chrome/chrome');
    expect(findChromium({}, (p) => p === '/usr/bin/chromium-browser')).toBe('/usr/bin/chromium-browser');
    expect(findChromium({}, () => false)).toBe(CHROMIUM_CANDIDATES[0]);
    const line = chromiumProblem('/nowhere/chromium', () => false)!;
    expect(line).not.toContain('\n');
    expect(line).toContain('apt-get install chromium');
    expect(line).toContain('CHROMIUM_PATH');
    expect(chromiumProblem('/usr/bin/chromium', () => true)).toBeNull();
  });

  // The child run is this file again: it must not start a child of its own.
  it.skipIf(process.env.E2E_CHILD)(
    'the browser run stops at once with that line when Chromium is missing',
    () => {
      const r = spawnSync(
        path.join(REPO_DIR, 'node_modules/.bin/vitest'),
        ['run', '--config', 'e2e/vitest.config.ts', '--project', 'e2e', 'e2e/chromium-check.e2e.ts'],
        { cwd: WEB_DIR, env: { ...process.env, CHROMIUM_PATH: '/nowhere/chromium', E2E_CHILD: '1' }, encoding: 'utf8', timeout: 60_000 },
      );
      expect(r.status).not.toBe(0);
      expect(r.stderr).toContain('Browser tests need Chromium, not found at /nowhere/chromium: install it (apt-get install chromium)');
      expect(r.stdout + r.stderr).not.toContain('server.ts');
    },
    90_000,
  );
});
