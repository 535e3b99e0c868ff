/** jsdom set-up for component tests: jest-dom matchers, matchMedia, ResizeObserver, Indonesian texts loaded. */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeAll } from 'vitest';

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
window.scrollTo = () => undefined;

// find* and waitFor wait up to 5 s (the library's default is 1 s): CI runs the
// API and web suites side by side on two cores, and a busy jsdom render can
// take longer than a second. A passing test is not slowed by this.
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  const { i18n, i18nReady } = await import('../lib/i18n');
  await i18nReady;
  await i18n.changeLanguage('id');
  await i18n.loadNamespaces(['common', 'messages', 'auth', 'profile', 'onboarding']);
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  Cookies.remove('csrf_token', { path: '/' });
});
