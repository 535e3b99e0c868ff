/**
 * Reports (Laporan). Each `*.routes.ts` file in this folder default-exports
 * `async (app: FastifyInstance) => void` registering its report routes; this
 * module loads them all, so a module adding its reports (loans, savings, SHU,
 * ...) adds one file here and edits nothing else. Shared helpers: Excel through
 * `lib/excel.ts`, statement math in `statements.ts`.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { defineModule } from '../types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

async function reportRoutes(app: FastifyInstance) {
  const files = readdirSync(here)
    .filter((f) => /\.routes\.ts$/.test(f))
    .sort();
  for (const f of files) {
    const mod = (await import(pathToFileURL(path.join(here, f)).href)) as { default?: (app: FastifyInstance) => Promise<void> };
    if (typeof mod.default !== 'function') throw new Error(`reports/${f} must default-export its route registration`);
    await mod.default(app);
  }
}

export default defineModule({ name: 'reports', order: 90, routes: reportRoutes });
