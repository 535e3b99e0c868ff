/**
 * /dashboard and /dashboard-agent: the widgets the role may see, built-in
 * ones first, then every feature's `widgets.tsx` by order. A failing widget
 * shows its own error card; the others stay.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { useAuth } from '../../lib/auth/AuthProvider';
import { type DashboardWidget, parsePermissionRef, type WidgetSize } from '../../lib/routing';
import { ErrorBoundary } from '../ErrorBoundary';
import { featureWidgets } from '../registry/widgets';

export const BUILT_IN_WIDGETS: DashboardWidget[] = [
  { id: 'app.welcome', component: lazy(() => import('./WelcomeWidget')), size: 'lg', order: 0, dashboards: ['staff', 'agent'] },
  { id: 'app.limits', component: lazy(() => import('./LimitsWidget')), size: 'sm', order: 1, dashboards: ['staff', 'agent'] },
  { id: 'app.quick-access', component: lazy(() => import('./QuickAccessWidget')), size: 'lg', order: 5, dashboards: ['staff', 'agent'] },
];

const SPAN: Record<WidgetSize, { xs: string; md: string; lg: string }> = {
  sm: { xs: 'span 12', md: 'span 6', lg: 'span 4' },
  md: { xs: 'span 12', md: 'span 6', lg: 'span 6' },
  lg: { xs: 'span 12', md: 'span 12', lg: 'span 8' },
  full: { xs: 'span 12', md: 'span 12', lg: 'span 12' },
};

export function visibleWidgets(
  all: DashboardWidget[],
  kind: 'staff' | 'agent',
  can: (s: Parameters<ReturnType<typeof useAuth>['can']>[0], a: Parameters<ReturnType<typeof useAuth>['can']>[1]) => boolean,
): DashboardWidget[] {
  return all
    .filter((w) => (w.dashboards ?? ['staff']).includes(kind))
    .filter((w) => {
      if (!w.permission) return true;
      const { section, action } = parsePermissionRef(w.permission);
      return can(section, action);
    })
    .sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}

export default function DashboardPage({ kind }: { kind: 'staff' | 'agent' }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const widgets = visibleWidgets([...BUILT_IN_WIDGETS, ...featureWidgets], kind, can);
  return (
    <>
      <PageHeader
        title={kind === 'agent' ? t('nav.dashboard.agent') : t('nav.dashboard.title')}
        breadcrumbs={[{ label: t('nav.dashboard.title') }]}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(12, minmax(0, 1fr))', gap: 3 }} data-testid={`dashboard-${kind}`}>
        {widgets.map((w) => {
          const W = w.component;
          return (
            <Box key={w.id} sx={{ gridColumn: SPAN[w.size ?? 'md'], minWidth: 0 }} data-widget={w.id}>
              <ErrorBoundary
                fallback={
                  <Card sx={{ height: '100%' }}>
                    <EmptyState kind="loadFailed" compact />
                  </Card>
                }
              >
                <Suspense fallback={<Skeleton variant="rounded" height={220} sx={{ borderRadius: 3 }} />}>
                  <W />
                </Suspense>
              </ErrorBoundary>
            </Box>
          );
        })}
      </Box>
    </>
  );
}
