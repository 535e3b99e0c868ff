/**
 * Browser-test harness (for every area's tests): the real server on a free
 * port with a fresh embedded database (demo cooperative seeded), Debian
 * Chromium through playwright-core, and helpers to sign in, read the
 * e-mails/SMS the server logged, and save screenshots.
 *
 *   import { test } from 'vitest';
 *   import { newPage, screenshot, signInAsDemo } from './harness';
 *   test('members list', async () => {
 *     const page = await newPage();
 *     await signInAsDemo(page);
 *     await page.goto(url('/members'));
 *     await screenshot(page, 'members-list');
 *   });
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject, type TestContext } from 'vitest';

export const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_DIR = path.resolve(WEB_DIR, '../..');
export const SCREENSHOT_DIR = path.join(WEB_DIR, 'artifacts/screenshots');

/** Where Chromium is looked for when CHROMIUM_PATH is not set (Debian, Ubuntu, Chrome). */
export const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/**
 * The browser the tests drive: CHROMIUM_PATH when set, else the first
 * candidate that exists. `chromiumProblem` says in one line what is missing.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env, exists: (p: string) => boolean = isExecutable): string {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return CHROMIUM_CANDIDATES.find(exists) ?? CHROMIUM_CANDIDATES[0]!;
}

function isExecutable(p: string): boolean {
  try {
    accessSync(p, constants.X_OK);
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** null when Chromium can be started from `path`; otherwise one line telling how to get it. */
export function chromiumProblem(path: string, exists: (p: string) => boolean = isExecutable): string | null {
  if (exists(path)) return null;
  return `Browser tests need Chromium, not found at ${path}: install it (apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome executable.`;
}

export const CHROMIUM_PATH = findChromium();
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const DEMO = { email: 'demo@koperasi.id', password: 'Demo12345!', cooperative: 'Koperasi Demo Sejahtera' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverLog: string;
  }
}

// ---------------------------------------------------------------- server (global setup)

export interface RunningServer {
  url: string;
  logFile: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** The real server (tsx apps/api/src/server.ts) with the built web app, on PGlite in a fresh temporary directory. */
/**
 * The database the browser run's server uses: with TEST_DATABASE_URL (CI, when
 * PostgreSQL answers) a fresh database of its own on that server, dropped at
 * the end; otherwise none, and the server runs on the embedded database like a
 * newcomer's `npm start` (apps/api/test/smoke-embedded.test.ts boots that path
 * in every run). On PostgreSQL the database work runs beside the server's Node
 * process on the second core instead of inside it: the browser run takes a
 * third less time on two cores.
 */
async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const base = process.env.E2E_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const { default: pg } = await import('pg');
  const admin = new URL(base);
  const name = `koperasi_e2e_${Date.now()}_${process.pid}`;
  admin.pathname = '/postgres';
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const own = new URL(base);
  own.pathname = `/${name}`;
  return { url: own.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined) };
}

export async function startServer(): Promise<RunningServer> {
  const port = await freePort();
  const database = await freshDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'koperasi-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    SEED_DEMO: '1',
    LOG_LEVEL: 'info',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    // E2E_WEB_DIST: a build elsewhere (an engineer's own `vite build --outDir`, while another build rewrites dist/).
    WEB_DIST: process.env.E2E_WEB_DIST ?? path.join(WEB_DIR, 'dist'),
  };
  delete env.DATABASE_URL;
  if (database) env.DATABASE_URL = database.url;
  delete env.SMTP_URL;
  delete env.SMS_URL;
  const { createWriteStream } = await import('node:fs');
  const out = createWriteStream(logFile);
  const child: ChildProcess = spawn(path.join(REPO_DIR, 'node_modules/.bin/tsx'), [path.join(REPO_DIR, 'apps/api/src/server.ts')], {
    cwd: REPO_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok || res.status === 404) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 240_000) throw new Error('server did not start within 240 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    logFile,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => {
          const t = setTimeout(() => {
            child.kill('SIGKILL');
            r(null);
          }, 5000);
          child.once('exit', () => {
            clearTimeout(t);
            r(null);
          });
        });
      }
      out.end();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------- browser (tests)

export function baseUrl(): string {
  return inject('baseUrl');
}

/** Absolute URL of an app path. */
export function url(p: string): string {
  return `${baseUrl()}${p}`;
}

let browser: Browser | null = null;
let current: Page | null = null;

/** Call in beforeEach: a failing test leaves a screenshot of the last page opened (FAILED-<test>.png). */
export function screenshotOnFailure(ctx: TestContext): void {
  ctx.onTestFailed(async ({ task }) => {
    if (current && !current.isClosed())
      await screenshot(current, `FAILED-${task.name.replace(/[^\w-]+/g, '-').slice(0, 80)}`).catch(() => undefined);
  });
}
const contexts: BrowserContext[] = [];

export async function launchBrowser(): Promise<Browser> {
  browser ??= await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return browser;
}

export interface PageOptions {
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  /** Values put in localStorage before the app starts (theme-mode, lang, settings). */
  storage?: Record<string, string>;
}

/** A page in a fresh browser context (own cookies and storage). */
export async function newPage(opts: PageOptions = {}): Promise<Page> {
  const b = await launchBrowser();
  const ctx = await b.newContext({
    viewport: opts.viewport ?? { width: 1440, height: 900 },
    colorScheme: opts.colorScheme ?? 'light',
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    reducedMotion: 'reduce',
  });
  if (opts.storage) {
    await ctx.addInitScript((entries) => {
      for (const [k, v] of Object.entries(entries)) window.localStorage.setItem(k, v);
    }, opts.storage);
  }
  contexts.push(ctx);
  const page = await ctx.newPage();
  current = page;
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (err) => console.error(`[browser] ${err.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || process.env.E2E_DEBUG) console.error(`[browser console] ${m.text()}`);
  });
  page.on('response', (r) => {
    if ((process.env.E2E_DEBUG || r.status() >= 400) && r.url().includes('/api/'))
      console.error(`[browser] ${r.status()} ${r.request().method()} ${r.url()}`);
  });
  return page;
}

export async function closeBrowser(): Promise<void> {
  for (const c of contexts.splice(0)) await c.close().catch(() => undefined);
  if (browser) await browser.close();
  browser = null;
}

/** Fill the sign-in form and wait for the app (dashboard, onboarding or the page asked for). */
export async function signIn(page: Page, username: string, password: string, opts: { expect?: RegExp } = {}): Promise<void> {
  if (!page.url().includes('/sign-in')) await page.goto(url('/sign-in'));
  await page.getByTestId('sign-in-form').waitFor();
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('sign-in-submit').click();
  await page.waitForURL(opts.expect ?? /\/(dashboard|dashboard-agent|onboarding)/);
}

export async function signInAsDemo(page: Page): Promise<void> {
  await signIn(page, DEMO.email, DEMO.password, { expect: /\/dashboard/ });
  await page.getByTestId('app-header').waitFor();
}

/**
 * An access token for `username` straight from /oauth/token (password grant,
 * client web), for tests that prepare data or call the API as that user.
 * Default: the demo admin; the password defaults to the demo users' one.
 * Throws with the server's answer when no token is given.
 */
export async function apiToken(username = DEMO.email, password = DEMO.password): Promise<string> {
  const q = new URLSearchParams({ username, password, grant_type: 'password' });
  const res = await fetch(url(`/oauth/token?${q}`), {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from('web:web-secret').toString('base64')}` },
  });
  const text = await res.text();
  let token: unknown;
  try {
    token = (JSON.parse(text) as { access_token?: unknown }).access_token;
  } catch {
    // not JSON: reported below
  }
  if (typeof token !== 'string' || !token) throw new Error(`no token for ${username}: ${res.status} ${text.slice(0, 300)}`);
  return token;
}

// ---------------------------------------------------------------- notifications

export interface LoggedNotification {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text?: string;
  code?: string;
  link?: string;
}

/** Every e-mail and SMS the server logged (JSON lines with "event":"notification"). */
export function notifications(): LoggedNotification[] {
  const out: LoggedNotification[] = [];
  for (const line of readFileSync(inject('serverLog'), 'utf8').split('\n')) {
    if (!line.includes('"notification"')) continue;
    try {
      const j = JSON.parse(line) as LoggedNotification & { event?: string };
      if (j.event === 'notification') out.push(j);
    } catch {
      // not a JSON line
    }
  }
  return out;
}

/** The notifications to `to` logged so far (count them before an action that sends another). */
export function notificationsTo(to: string, channel?: 'email' | 'sms'): LoggedNotification[] {
  return notifications().filter((n) => n.to === to && (!channel || n.channel === channel));
}

/**
 * The latest notification to `to`, waiting for it to be logged. With `after`
 * (how many there were before the action), waits for a newer one: the server
 * logs asynchronously, so an older message to the same number may be the last
 * line for a moment.
 */
export async function lastNotification(to: string, channel?: 'email' | 'sms', timeoutMs = 10_000, after = 0): Promise<LoggedNotification> {
  const started = Date.now();
  for (;;) {
    const all = notificationsTo(to, channel);
    const found = all.length > after ? all.at(-1) : undefined;
    if (found) return found;
    if (Date.now() - started > timeoutMs) throw new Error(`no notification to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Requests the server logged (one "request completed" line per request), e.g.
 * `serverRequests('POST', '/api/activity/page-view')`.
 */
export function serverRequests(method: string, path: string): number {
  let n = 0;
  for (const line of readFileSync(inject('serverLog'), 'utf8').split('\n')) {
    if (!line.includes('"request completed"')) continue;
    try {
      const j = JSON.parse(line) as { req?: { method?: string; url?: string } };
      if (j.req?.method === method && j.req.url?.split('?')[0] === path) n += 1;
    } catch {
      // not a JSON line
    }
  }
  return n;
}

// ---------------------------------------------------------------- screenshots

/** Save a full-page screenshot to apps/web/artifacts/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: file, fullPage: opts.fullPage ?? true, animations: 'disabled' });
  return file;
}
