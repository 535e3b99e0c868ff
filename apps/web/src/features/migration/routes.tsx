/** Migrasi Data (/settings/migration): the data migration wizard (issue 17, docs/migration.md). */
import { lazy } from 'react';
import type { FeatureRoute } from '../../lib/routing';

const MigrationPage = lazy(() => import('./pages/MigrationPage'));

export const routes: FeatureRoute[] = [
  { path: '/settings/migration', element: <MigrationPage />, permission: 'settings', title: 'migration:title' },
];
