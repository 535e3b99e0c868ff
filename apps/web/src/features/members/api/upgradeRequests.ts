/** GET /api/member/upgrade-request/datatable: become-member requests by state (WAITING_APPROVAL, APPROVED, REJECTED, ALL). */
import { api } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';

export interface UpgradeRequest {
  id: string;
  cifNumber: string;
  fullName: string;
  gender: string;
  phone: string | null;
  identityNumber: string;
  memberType: string;
  status: string;
  isActive: boolean;
  branchName: string | null;
  areaName: string | null;
  upgradeStatus: 'WAITING_APPROVAL' | 'APPROVED' | 'REJECTED';
  upgradeReason: string | null;
  requestedAt: string | null;
  requestedByName: string | null;
  decidedAt: string | null;
  decidedByName: string | null;
  interviewDate: string | null;
  interviewResult: 'RECOMMENDED' | 'NOT_RECOMMENDED' | null;
  joinDate: string | null;
}

export const listUpgradeRequests = (p: ListParams, signal?: AbortSignal) =>
  api<Page<UpgradeRequest>>('/api/member/upgrade-request/datatable', { query: listQuery(p), signal });
