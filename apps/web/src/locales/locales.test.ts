/**
 * Language completeness: every namespace exists in all seven languages with
 * the same keys as Indonesian, the same {{placeholders}} as English, and the
 * plural forms each language needs (i18next picks `_zero`, `_one`, `_two`,
 * `_few`, `_many` or `_other` through Intl.PluralRules, so Arabic needs six
 * forms, Chinese one, and a form a language lacks would fall back to English).
 * messages.json holds every key of the server catalogue (packages/contracts
 * messages, which carries only id and en) and nothing else, with the
 * catalogue's {placeholders}.
 */
import { messages } from '@koperasi/contracts/messages/index';
import { MENU_SECTIONS } from '@koperasi/contracts/permissions';
import i18next from 'i18next';
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
const TRANSLATED = ['zh', 'ar', 'it', 'es', 'fr'];
const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (s: string) => [...new Set(s.match(/\{\{[^}]+\}\}/g) ?? [])].sort();

/** Indonesian's keys, each counted key (`x_one`, `x_other`) spelled with the plural forms `lang` uses. */
function expectedKeys(lang: string, name: string): string[] {
  const forms = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  const out = new Set<string>();
  for (const k of keys(ns('id', name))) {
    if (PLURAL.test(k)) for (const f of forms) out.add(k.replace(PLURAL, `_${f}`));
    else out.add(k);
  }
  return [...out];
}

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

  for (const lang of TRANSLATED) {
    for (const name of namespaces) {
      it(`${lang} has every key of ${name}, with its plural forms and no stray keys`, () => {
        const own = keys(ns(lang, name) ?? {});
        const expected = expectedKeys(lang, name);
        expect(
          expected.filter((k) => typeof get(ns(lang, name), k) !== 'string' && !Array.isArray(get(ns(lang, name), k))),
          `missing in ${lang}/${name}.json`,
        ).toEqual([]);
        expect(
          own.filter((k) => !expected.includes(k)),
          `not in id/${name}.json (or a plural form ${lang} does not use)`,
        ).toEqual([]);
      });

      it(`${lang}/${name}.json keeps the {{placeholders}} of English`, () => {
        const wrong: string[] = [];
        for (const k of expectedKeys(lang, name)) {
          const text = get(ns(lang, name), k);
          if (typeof text !== 'string') continue;
          const form = k.match(PLURAL)?.[1];
          const ref = get(ns('en', name), form ? k.replace(PLURAL, '_other') : k) as string;
          // "one withdrawal", "two withdrawals" may spell the number out; every other form shows it.
          const optional = form && ['zero', 'one', 'two'].includes(form) ? ['{{count}}'] : [];
          const want = placeholders(ref).filter((p) => !optional.includes(p));
          const got = placeholders(text).filter((p) => !optional.includes(p));
          if (want.join() !== got.join()) wrong.push(`${k}: ${got.join(' ')} instead of ${want.join(' ')}`);
        }
        expect(wrong).toEqual([]);
      });
    }

    it(`${lang} is translated, not a copy of English`, () => {
      for (const name of namespaces) {
        // Names that Indonesian and English share (WhatsApp, Excel, PPOB) may stay as they are.
        const texts = keys(ns('en', name)).filter(
          (k) => /\p{L}{4}/u.test(String(get(ns('en', name), k))) && get(ns('en', name), k) !== get(ns('id', name), k),
        );
        const copied = texts.filter((k) => get(ns(lang, name), k) === get(ns('en', name), k));
        // A shared word ("Social", "Actions") is fine; whole screens of English are not.
        expect(copied.length, `${lang}/${name}.json copies English: ${copied.slice(0, 8).join(', ')}`).toBeLessThanOrEqual(
          Math.max(3, texts.length * 0.06),
        );
      }
    });

    it(`i18next finds a ${lang} text for every count of every counted key`, async () => {
      const resources = Object.fromEntries(namespaces.map((name) => [name, ns(lang, name)]));
      const t = await i18next
        .createInstance()
        .init({ lng: lang, fallbackLng: false, resources: { [lang]: resources }, showSupportNotice: false });
      const unresolved: string[] = [];
      for (const name of namespaces) {
        const bases = new Set(
          keys(ns('id', name))
            .filter((k) => PLURAL.test(k))
            .map((k) => k.replace(PLURAL, '')),
        );
        for (const base of bases) {
          for (const count of [0, 1, 2, 3, 11, 21, 101, 1_000_000]) {
            const text = t(`${name}:${base}`, { count });
            if (text === base || text === `${name}:${base}`) unresolved.push(`${name}:${base} count=${count}`);
          }
        }
      }
      expect(unresolved).toEqual([]);
    });

    it(`${lang}/messages.json translates every server catalogue key`, () => {
      expect(Object.keys(messages).filter((k) => typeof get(ns(lang, 'messages'), k) !== 'string')).toEqual([]);
    });

    it(`${lang}/messages.json translates catalogue keys only, with the same placeholders`, () => {
      for (const k of keys(ns(lang, 'messages'))) {
        expect(messages[k], k).toBeDefined();
        const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
        expect(placeholders(get(ns(lang, 'messages'), k) as string), k).toEqual(placeholders(messages[k]!.en));
      }
    });
  }

  it('every namespace of Indonesian exists in every language', () => {
    for (const lang of ['en', ...TRANSLATED]) expect(namespaces.filter((n) => !ns(lang, n)).map((n) => `${lang}/${n}.json`)).toEqual([]);
  });

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
