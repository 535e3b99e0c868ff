/** Providers, outermost first: settings, data, auth, theme, toasts, router. */
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { LoadingScreen } from '../components/LoadingScreen';
import { createQueryClient } from '../lib/api/queryClient';
import { AuthProvider } from '../lib/auth/AuthProvider';
import { SettingsProvider } from '../lib/settings/SettingsProvider';
import { ErrorBoundary } from './ErrorBoundary';
import { runAfterLoginHooks } from './registry/afterLogin';
import { AppRoutes } from './router';
import { AppThemeProvider } from './theme/AppThemeProvider';

const queryClient = createQueryClient();

const Toaster = lazy(() => import('./Toaster'));

export function App() {
  return (
    <SettingsProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider afterLogin={runAfterLoginHooks}>
          <Suspense fallback={<LoadingScreen />}>
            <AppThemeProvider fallback={<LoadingScreen />}>
              <ErrorBoundary>
                <BrowserRouter>
                  <AppRoutes />
                </BrowserRouter>
              </ErrorBoundary>
              <Suspense fallback={null}>
                <Toaster />
              </Suspense>
            </AppThemeProvider>
          </Suspense>
        </AuthProvider>
      </QueryClientProvider>
    </SettingsProvider>
  );
}
