/** Providers, outermost first: settings, data, auth, theme, toasts, router. */
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { LoadingScreen } from '../components/LoadingScreen';
import { createQueryClient } from '../lib/api/queryClient';
import { AuthProvider } from '../lib/auth/AuthProvider';
import { useToasterWanted } from '../lib/notify';
import { SettingsProvider } from '../lib/settings/SettingsProvider';
import { ErrorBoundary } from './ErrorBoundary';
import { runAfterLoginHooks } from './registry/afterLogin';
import { AppRoutes } from './router';
import { AppThemeProvider } from './theme/AppThemeProvider';

const queryClient = createQueryClient();

const Toaster = lazy(() => import('./Toaster'));

/** The toaster (and notistack) load with the first toast, not with the first page. */
function LazyToaster() {
  const wanted = useToasterWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

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
              <LazyToaster />
            </AppThemeProvider>
          </Suspense>
        </AuthProvider>
      </QueryClientProvider>
    </SettingsProvider>
  );
}
