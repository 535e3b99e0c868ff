/**
 * After-login hooks: each `src/features/<name>/after-login.ts` default-exports
 * a function run (lazily loaded) after every interactive sign-in. The spec's
 * open-items listing after login (page 0, limit 100, start 2020-01-01, end
 * today, status OPEN, userId) belongs to the loans area and goes there.
 */
import type { AfterLoginHook } from '../../lib/auth/AuthProvider';

const modules = import.meta.glob<{ default: AfterLoginHook }>('../../features/*/after-login.ts');

export const runAfterLoginHooks: AfterLoginHook = async (ctx) => {
  for (const [file, load] of Object.entries(modules)) {
    try {
      const m = await load();
      await m.default(ctx);
    } catch (err) {
      console.warn(`after-login hook ${file} failed`, err);
    }
  }
};
