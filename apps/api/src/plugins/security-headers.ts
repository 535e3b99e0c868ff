/**
 * The security headers of every answer (helmet's: Content-Security-Policy,
 * X-Frame-Options, X-Content-Type-Options, Referrer-Policy, ...), computed
 * once at start-up.
 *
 * @fastify/helmet rebuilt helmet's middleware on every request (parsing the
 * policy's directives again, two hooks and a closure per request: ~4 % of
 * the server's CPU on the teller's deposits). The headers depend only on the
 * options (no per-request nonces, no directive functions), so helmet runs once
 * against a recording response and each request gets the recorded headers.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets (and the ones it removes) for these options. */
export function helmetHeaders(options: Readonly<HelmetOptions>): { set: Array<[string, string]>; removed: string[] } {
  const set = new Map<string, [string, string]>();
  const removed: string[] = [];
  const res = {
    setHeader(name: string, value: unknown) {
      set.set(name.toLowerCase(), [name, String(value)]);
    },
    removeHeader(name: string) {
      set.delete(name.toLowerCase());
      removed.push(name);
    },
  };
  let failure: unknown = null;
  helmet(options)({} as never, res as never, (err?: unknown) => {
    failure = err ?? null;
  });
  if (failure) throw failure;
  return { set: [...set.values()], removed };
}

async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const { set, removed } = helmetHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    const res = reply.raw;
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    done();
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
