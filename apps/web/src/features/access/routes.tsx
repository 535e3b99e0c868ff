/**
 * Organization and access screens (issue 5): User Akses, Akses Role, Cabang,
 * Area, the cooperative's settings and AD/ART (the public invitation page is in
 * public-routes.tsx).
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../lib/routing';

const UsersPage = lazy(() => import('./pages/UsersPage'));
const UserDetailPage = lazy(() => import('./pages/UserDetailPage'));
const OrganizationPage = lazy(() => import('./pages/OrganizationPage'));
const AgentsPage = lazy(() => import('./pages/AgentsPage'));
const RolesPage = lazy(() => import('./pages/RolesPage'));
const RoleEditPage = lazy(() => import('./pages/RoleEditPage'));
const BranchesPage = lazy(() => import('./pages/BranchesPage'));
const BranchDetailPage = lazy(() => import('./pages/BranchDetailPage'));
const AreasPage = lazy(() => import('./pages/AreasPage'));
const AreaDetailPage = lazy(() => import('./pages/AreaDetailPage'));
const CooperativeSettingsPage = lazy(() => import('./pages/CooperativeSettingsPage'));
const CollectabilityPage = lazy(() => import('./pages/CollectabilityPage'));
const RegulationPage = lazy(() => import('./pages/RegulationPage'));
const MobileAppsPage = lazy(() => import('./pages/MobileAppsPage'));
const MemberServicesPage = lazy(() => import('./pages/MemberServicesPage'));
const AdArtPage = lazy(() => import('./pages/AdArtPage'));

export const routes: FeatureRoute[] = [
  { path: '/users', element: <UsersPage />, permission: 'user_access', title: 'common:nav.user_access.users' },
  { path: '/users/organization', element: <OrganizationPage />, permission: 'user_access', title: 'common:nav.user_access.organization' },
  { path: '/users/agents', element: <AgentsPage />, permission: 'user_access', title: 'common:nav.user_access.agents' },
  { path: '/users/:id', element: <UserDetailPage />, permission: 'user_access', title: 'access:users.detailTitle' },
  { path: '/roles', element: <RolesPage />, permission: 'access_role', title: 'common:nav.access_role.title' },
  { path: '/roles/new', element: <RoleEditPage />, permission: 'access_role:add', title: 'access:roles.addTitle' },
  { path: '/roles/:id', element: <RoleEditPage />, permission: 'access_role', title: 'access:roles.detailTitle' },
  { path: '/branches', element: <BranchesPage />, permission: 'branch', title: 'common:nav.branch.title' },
  { path: '/branches/:id', element: <BranchDetailPage />, permission: 'branch', title: 'access:branches.detailTitle' },
  { path: '/areas', element: <AreasPage />, permission: 'area', title: 'common:nav.area.title' },
  { path: '/areas/:id', element: <AreaDetailPage />, permission: 'area', title: 'access:areas.detailTitle' },
  { path: '/settings/cooperative', element: <CooperativeSettingsPage />, permission: 'settings', title: 'common:nav.settings.cooperative' },
  {
    path: '/settings/collectability',
    element: <CollectabilityPage />,
    permission: 'settings',
    title: 'common:nav.settings.collectability',
  },
  { path: '/settings/configuration', element: <RegulationPage />, permission: 'settings', title: 'common:nav.settings.regulation' },
  { path: '/settings/mobile-apps', element: <MobileAppsPage />, permission: 'settings', title: 'common:nav.settings.mobile_apps' },
  {
    path: '/settings/member-services',
    element: <MemberServicesPage />,
    permission: 'settings',
    title: 'common:nav.settings.member_services',
  },
  { path: '/master-data/ad-art', element: <AdArtPage />, permission: 'master_data', title: 'common:nav.master_data.ad_art' },
];
