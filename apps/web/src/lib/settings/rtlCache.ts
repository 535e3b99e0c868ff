/** Emotion caches: left-to-right, and right-to-left with stylis-plugin-rtl (downloaded only when needed). */
import createCache, { type EmotionCache } from '@emotion/cache';

export const ltrCache = createCache({ key: 'mui', prepend: true });
let rtlCache: EmotionCache | null = null;

export function loadedRtlCache(): EmotionCache | null {
  return rtlCache;
}

export async function loadRtlCache(): Promise<EmotionCache> {
  if (!rtlCache) {
    const [{ prefixer }, rtl] = await Promise.all([import('stylis'), import('stylis-plugin-rtl')]);
    rtlCache = createCache({ key: 'muirtl', prepend: true, stylisPlugins: [prefixer, rtl.default] });
  }
  return rtlCache;
}

/** Start downloading the RTL plugin early (the language menu opens). */
export function preloadRtl(): void {
  void loadRtlCache();
}
