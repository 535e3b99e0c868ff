/**
 * The dashboard's member widgets (GET /api/home/...): prospective members and
 * become-member requests waiting, the cooperative's organisation
 * (member-organitation, spec spelling) and the member composition and growth.
 * This feature keeps its own calls: features do not import each other.
 */
import type { MemberListItem } from '@koperasi/contracts/members';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { Page } from '../../../lib/api/list';

export const homeKey = ['members', 'home'] as const;

export type ProspectivePage = Page<MemberListItem> & { waitingInterview: number; waitingApproval: number; fromMemberApp: number };

export function useProspectiveMembers(limit = 5) {
  return useQuery({
    queryKey: [...homeKey, 'prospective', limit],
    queryFn: ({ signal }) => api<ProspectivePage>('/api/home/prospective-member', { query: { page: 0, limit }, signal }),
  });
}

export function useBecomeMemberApplications(limit = 5) {
  return useQuery({
    queryKey: [...homeKey, 'applications', limit],
    queryFn: ({ signal }) => api<Page<MemberListItem>>('/api/home/application-to-become-member', { query: { page: 0, limit }, signal }),
  });
}

export interface Organization {
  groups: Array<{
    group: 'PENGURUS' | 'PENGAWAS' | 'KARYAWAN';
    label: string;
    count: number;
    officers: Array<{ id: string; name: string; position: string; roleName: string; branchId: string | null; branchName: string | null }>;
  }>;
  totalOfficers: number;
  branches: Array<{ branchId: string | null; name: string | null; staff: number; members: number }>;
}

export function useOrganization() {
  return useQuery({
    queryKey: [...homeKey, 'organization'],
    queryFn: ({ signal }) => api<Organization>('/api/home/member-organitation', { signal }),
  });
}

export interface Composition {
  computedAt: string;
  total: number;
  byType: Array<{ memberType: string; count: number }>;
  byGender: Array<{ gender: string; count: number }>;
  byAgeBand: Array<{ band: string; count: number }>;
  byBranch: Array<{ branchId: string | null; name: string | null; count: number }>;
  growth: Array<{ month: string; joined: number; exited: number; total: number }>;
}

export function useComposition() {
  return useQuery({
    queryKey: [...homeKey, 'composition'],
    queryFn: ({ signal }) => api<Composition>('/api/home/member-composition', { signal }),
    staleTime: 5 * 60_000,
  });
}
