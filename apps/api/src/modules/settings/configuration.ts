/**
 * The cooperative's key-value configuration (GET/POST /api/configuration),
 * stored in tenant_config, one row per key, each value validated by its zod
 * schema in packages/contracts/src/settings.ts (CONFIG_SCHEMAS). A key never
 * saved reads as its default (CONFIG_DEFAULTS); a saved value is merged over
 * the default, so fields added later get their default too.
 *
 * Other modules read it inside their own transaction:
 *   const reg = await getConfig(tx, ctx.tenantId, 'cooperativeRegulation');
 * docs/access.md lists every key and field.
 */
import {
  CONFIG_DEFAULTS,
  CONFIG_KEYS,
  CONFIG_SCHEMAS,
  type ConfigKey,
  type ConfigValues,
  hasMessage,
  translate,
} from '@koperasi/contracts';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { badRequest, type FieldError } from '../../lib/errors.ts';
import { findConfigRows, upsertConfig } from './config.repo.ts';

function isConfigKey(k: string): k is ConfigKey {
  return (CONFIG_KEYS as string[]).includes(k);
}

/** Default merged with the stored value, keeping only the fields the key knows. */
function merge<K extends ConfigKey>(key: K, stored: unknown): ConfigValues[K] {
  const dflt = CONFIG_DEFAULTS[key] as Record<string, unknown>;
  const out: Record<string, unknown> = { ...dflt };
  if (stored && typeof stored === 'object' && !Array.isArray(stored)) {
    for (const [f, v] of Object.entries(stored as Record<string, unknown>)) if (Object.hasOwn(dflt, f)) out[f] = v;
  }
  const parsed = CONFIG_SCHEMAS[key].safeParse(out);
  // A stored value that no longer validates (a rule tightened later) reads as the default rather than failing callers.
  return (parsed.success ? parsed.data : dflt) as ConfigValues[K];
}

async function storedRows(tx: Tx, tenantId: string, keys?: string[]) {
  return findConfigRows(tx, tenantId, keys ?? CONFIG_KEYS);
}

/** One key's effective value. */
export async function getConfig<K extends ConfigKey>(tx: Tx, tenantId: string, key: K): Promise<ConfigValues[K]> {
  const rows = await storedRows(tx, tenantId, [key]);
  return merge(key, rows[0]?.value);
}

/** Every key's effective value. */
export async function getAllConfig(tx: Tx, tenantId: string): Promise<ConfigValues> {
  const rows = new Map((await storedRows(tx, tenantId)).map((r) => [r.key, r.value]));
  const out = {} as Record<ConfigKey, unknown>;
  for (const k of CONFIG_KEYS) out[k] = merge(k, rows.get(k));
  return out as ConfigValues;
}

export async function readConfiguration(ctx: Ctx, key?: string) {
  if (key !== undefined && !isConfigKey(key)) {
    throw badRequest('CONFIG_UNKNOWN_KEY', 'settings.config_unknown_key', { key, choices: CONFIG_KEYS.join(', ') });
  }
  return withTx(ctx, async (tx) => {
    if (key) return { [key]: await getConfig(tx, ctx.tenantId, key as ConfigKey) };
    return getAllConfig(tx, ctx.tenantId);
  });
}

/**
 * Save some keys: each given value is merged over the current one and
 * validated whole; nothing is saved unless every key is valid.
 */
export async function saveConfiguration(ctx: Ctx, body: Record<string, Record<string, unknown>>) {
  const keys = Object.keys(body);
  if (keys.length === 0) throw badRequest('CONFIG_EMPTY', 'settings.config_unknown_key', { key: '-', choices: CONFIG_KEYS.join(', ') });
  for (const k of keys) {
    if (!isConfigKey(k)) throw badRequest('CONFIG_UNKNOWN_KEY', 'settings.config_unknown_key', { key: k, choices: CONFIG_KEYS.join(', ') });
  }
  return withTx(ctx, async (tx) => {
    const current = await getAllConfig(tx, ctx.tenantId);
    const next: Partial<Record<ConfigKey, unknown>> = {};
    const fields: FieldError[] = [];
    for (const k of keys as ConfigKey[]) {
      const candidate = { ...(current[k] as Record<string, unknown>), ...body[k] };
      const r = CONFIG_SCHEMAS[k].safeParse(candidate);
      if (r.success) {
        next[k] = r.data;
        continue;
      }
      for (const issue of r.error.issues) {
        const path = [k, ...issue.path.map(String), ...((issue as { keys?: string[] }).keys ?? [])].join('.');
        const msg = hasMessage(issue.message) ? issue.message : 'validation.invalid';
        fields.push({ field: path, message: msg });
      }
    }
    if (fields.length) {
      const first = fields[0];
      throw badRequest(
        'CONFIG_INVALID',
        'settings.config_invalid',
        { key: first.field, detail: translate(first.message, ctx.lang, { field: first.field }) },
        fields,
      );
    }
    for (const k of Object.keys(next) as ConfigKey[]) {
      await upsertConfig(tx, ctx.tenantId, k, next[k], ctx.userId);
      await audit(tx, ctx, { action: 'configuration.update', entity: 'tenant_config', entityId: k, before: current[k], after: next[k] });
    }
    return getAllConfig(tx, ctx.tenantId);
  });
}
