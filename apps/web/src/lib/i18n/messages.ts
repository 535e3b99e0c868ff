/**
 * Server catalogue messages (packages/contracts/src/messages) in the web.
 * Validation errors of the contracts' zod schemas are catalogue keys, shown
 * through this module in the user's language.
 *
 * The catalogue grows with every area, so the web does not ship all of it
 * with the sign-in page: the common, auth and web parts are built in (what
 * the shell and the auth flows show), and the whole catalogue is fetched in
 * the background once the app shell opens (`loadFullCatalog`), before any
 * feature screen needs its own keys. Indonesian and English come from the
 * catalogue; the other languages use `locales/<lang>/messages.json` for the
 * keys of the shell and auth flows and English for the rest.
 */
import { authMessages } from '@koperasi/contracts/messages/auth';
import { commonMessages } from '@koperasi/contracts/messages/common';
import type { Catalog } from '@koperasi/contracts/messages/types';
import { webMessages } from '@koperasi/contracts/messages/web';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, i18n } from './index';

const catalog: Catalog = { ...commonMessages, ...authMessages, ...webMessages };
let version = 0;
const listeners = new Set<() => void>();
let fullLoad: Promise<void> | null = null;

/** Fetch the whole catalogue (every area's messages) once. */
export function loadFullCatalog(): Promise<void> {
  if (!fullLoad) {
    fullLoad = import('@koperasi/contracts/messages/index').then((m) => {
      Object.assign(catalog, m.messages);
      version += 1;
      for (const fn of listeners) fn();
    });
  }
  return fullLoad;
}

export function hasMessageKey(key: string): boolean {
  return Object.hasOwn(catalog, key);
}

function fill(text: string, lng: string, params?: Record<string, unknown>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => {
    const v = params[name];
    if (v === undefined || v === null) return m;
    if (typeof v === 'string' && hasMessageKey(v)) return messageText(v, undefined, lng);
    return String(v);
  });
}

/** The text of a catalogue key in `lng` (the key itself when it is not a catalogue key). */
export function messageText(key: string, params?: Record<string, unknown>, lng: string = currentLanguage()): string {
  if (lng !== 'id' && lng !== 'en') {
    const own = i18n.getResource(lng, 'messages', key);
    if (typeof own === 'string') return fill(own, lng, params);
  }
  const entry = catalog[key];
  if (!entry) return key;
  return fill(lng === 'id' ? entry.id : (entry.en ?? entry.id), lng, params);
}

function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Hook form of `messageText`: re-renders on language change and when the whole catalogue arrives. */
export function useMessageText(): (key: string, params?: Record<string, unknown>) => string {
  const { i18n: inst } = useTranslation('messages');
  useSyncExternalStore(subscribe, () => version);
  const lng = inst.resolvedLanguage ?? inst.language;
  return (key, params) => messageText(key, params, lng);
}
