import { lazy } from 'react';
import type { FeatureRoute } from '../../lib/routing';

const MembersPage = lazy(() => import('./pages/MembersPage'));
const MemberFormPage = lazy(() => import('./pages/MemberFormPage'));
const MemberDetailPage = lazy(() => import('./pages/MemberDetailPage'));
const ProspectivePage = lazy(() => import('./pages/ProspectivePage'));
const ApplicationsPage = lazy(() => import('./pages/ApplicationsPage'));
const UploadPage = lazy(() => import('./pages/UploadPage'));
const ExitPage = lazy(() => import('./pages/ExitPage'));

export const routes: FeatureRoute[] = [
  { path: '/members', element: <MembersPage />, permission: 'member', title: 'members:list.title' },
  { path: '/members/new', element: <MemberFormPage />, permission: 'member:add', title: 'members:form.newTitle' },
  { path: '/members/prospective', element: <ProspectivePage />, permission: 'member', title: 'members:prospective.title' },
  { path: '/members/applications', element: <ApplicationsPage />, permission: 'member', title: 'members:applications.title' },
  { path: '/members/upload', element: <UploadPage />, permission: 'member', title: 'members:upload.title' },
  { path: '/members/exit', element: <ExitPage />, permission: 'member', title: 'members:exit.title' },
  { path: '/members/:id', element: <MemberDetailPage />, permission: 'member', title: 'members:detail.title' },
  { path: '/members/:id/edit', element: <MemberFormPage />, permission: 'member:update', title: 'members:form.editTitle' },
];
