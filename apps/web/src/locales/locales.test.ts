/**
 * Language completeness: Indonesian and English have the same keys in every
 * namespace; zh, ar, it, es, fr have every key of the shell and auth flows
 * (common, auth, onboarding) and their messages.json only holds catalogue keys.
 */
import { messages } from '@koperasi/contracts/messages/index';
import { MENU_SECTIONS } from '@koperasi/contracts/permissions';
import { describe, expect, it } from 'vitest';
import { menuLeaves, NAVIGATION } from '../app/navigation';

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

function keys(obj: unknown, prefix = ''): string[] {
  if (Array.isArray(obj)) return [prefix];
  if (obj && typeof obj === 'object') return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}
const ns = (lang: string, name: string) => files[`./${lang}/${name}.json`];
const get = (obj: unknown, path: string) => path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], obj);
const namespaces = [...new Set(Object.keys(files).map((f) => f.split('/')[2]!.replace('.json', '')))].filter((n) => n !== 'messages');

describe('locales', () => {
  for (const name of namespaces) {
    it(`id and en have the same keys in ${name}`, () => {
      expect(keys(ns('en', name)).sort()).toEqual(keys(ns('id', name)).sort());
    });
  }

  it('every English text that counts has a singular and a plural ("1 withdrawal", "2 withdrawals")', () => {
    const counting = namespaces.flatMap((name) =>
      keys(ns('en', name))
        // A count followed by a word ("{{count}} accounts"); "Rights granted: {{count}}" needs no plural.
        .filter((k) => /\{\{count\}\}\s+\p{L}/u.test(String(get(ns('en', name), k))) && !/_(one|other)$/.test(k))
        .map((k) => `${name}:${k}`),
    );
    expect(counting).toEqual([]);
  });

  for (const lang of ['zh', 'ar', 'it', 'es', 'fr']) {
    for (const name of ['common', 'auth', 'onboarding']) {
      it(`${lang} has every key of ${name}`, () => {
        const missing = keys(ns('id', name)).filter((k) => get(ns(lang, name), k) === undefined);
        expect(missing).toEqual([]);
      });
    }
    it(`${lang}/messages.json translates catalogue keys only, with the same placeholders`, () => {
      for (const k of keys(ns(lang, 'messages'))) {
        expect(messages[k], k).toBeDefined();
        const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
        expect(placeholders(get(ns(lang, 'messages'), k) as string), k).toEqual(placeholders(messages[k]!.en));
      }
    });
  }

  it('menu sections carry the labels of spec section 2 (contracts MENU_SECTIONS)', () => {
    for (const s of MENU_SECTIONS) {
      const entry = NAVIGATION.find((e) => e.section === s.key)!;
      expect(get(ns('id', 'common'), `nav.${entry.key}.title`)).toBe(s.id);
      expect(get(ns('en', 'common'), `nav.${entry.key}.title`)).toBe(s.en);
    }
  });

  it('every menu entry has a label in every language', () => {
    for (const lang of ['id', 'en', 'zh', 'ar', 'it', 'es', 'fr']) {
      for (const l of menuLeaves()) expect(get(ns(lang, 'common'), l.labelKey), `${lang} ${l.labelKey}`).toEqual(expect.any(String));
    }
  });
});
