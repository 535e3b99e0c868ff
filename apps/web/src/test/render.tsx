/** Render a component with the app's providers (theme, settings, data, auth, router). */
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { createAppTheme } from '../app/theme/createAppTheme';
import { muiTexts } from '../app/theme/muiTexts';
import { AuthProvider } from '../lib/auth/AuthProvider';
import { i18n } from '../lib/i18n';
import { SettingsProvider } from '../lib/settings/SettingsProvider';

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function Providers({
  children,
  client,
  path = '/',
  auth = false,
}: {
  children: ReactNode;
  client?: QueryClient;
  path?: string;
  auth?: boolean;
}) {
  const qc = client ?? testQueryClient();
  // The theme in the test's language, as AppThemeProvider makes it for the user's.
  const theme = createAppTheme({ mode: 'light', primary: '#22A45D', direction: 'ltr', skin: 'default', texts: muiTexts(i18n.t) });
  const inner = (
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </ThemeProvider>
  );
  return (
    <SettingsProvider>
      <QueryClientProvider client={qc}>{auth ? <AuthProvider>{inner}</AuthProvider> : inner}</QueryClientProvider>
    </SettingsProvider>
  );
}

export function renderWithProviders(ui: ReactElement, opts: { client?: QueryClient; path?: string; auth?: boolean } & RenderOptions = {}) {
  const { client, path, auth, ...rest } = opts;
  return render(ui, {
    wrapper: ({ children }) => (
      <Providers client={client} path={path} auth={auth}>
        {children}
      </Providers>
    ),
    ...rest,
  });
}

/** A fetch stub answering by method and path; records every call. */
export function stubFetch(
  handler: (url: URL, init: RequestInit) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>,
) {
  const calls: Array<{ url: URL; init: RequestInit }> = [];
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ url, init });
    const r = await handler(url, init);
    return new Response(r.body === undefined ? null : JSON.stringify(r.body), {
      status: r.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  globalThis.fetch = fn as typeof fetch;
  return calls;
}

export const ok = <T,>(data: T, message = 'Berhasil') => ({ status: true, code: 200, message, data });
