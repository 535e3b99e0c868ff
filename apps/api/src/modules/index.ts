import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AppModule } from './types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
let cached: AppModule[] | null = null;

/** Every `modules/<name>/<name>.module.ts`, sorted by order then name. */
export async function loadModules(): Promise<AppModule[]> {
  if (cached) return cached;
  const found: AppModule[] = [];
  for (const dir of readdirSync(here, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    const file = path.join(here, dir.name, `${dir.name}.module.ts`);
    if (!existsSync(file)) continue;
    const mod = (await import(pathToFileURL(file).href)) as { default: AppModule };
    found.push(mod.default);
  }
  found.sort((a, b) => (a.order ?? 100) - (b.order ?? 100) || a.name.localeCompare(b.name));
  cached = found;
  return found;
}
