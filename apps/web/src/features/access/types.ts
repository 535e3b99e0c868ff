/**
 * What the organization and access endpoints answer (docs/access.md). The
 * request bodies are the contracts' zod schemas; these are the shapes the
 * screens read.
 */
import type { OfficerTitle, RoleCode } from '@koperasi/contracts/enums';
import type { PermissionMatrix } from '@koperasi/contracts/permissions';
import type { CollectabilityCalculationType, CollectabilityGrade, OfficerBoard } from '@koperasi/contracts/settings';

export type { OfficerTitle };

export interface UserView {
  id: string;
  firstName: string;
  lastName: string | null;
  fullName: string;
  email: string | null;
  phone: string | null;
  position: OfficerTitle | null;
  isActive: boolean;
  isAccountOfficer: boolean;
  hasPassword: boolean;
  invitationPending: boolean;
  role: { id: string; name: string; code: RoleCode | null };
  roleId: string;
  limits: {
    savingWithdrawal: number | null;
    loanRequest: number | null;
    loanApproval: number | null;
    canReleaseLoan: boolean;
    canCancelTransaction: boolean;
  };
  branch: { id: string; name: string; code: string | null } | null;
  branchId: string | null;
  area: { id: string; name: string } | null;
  areaId: string | null;
  coa: { id: string; code: string; name: string } | null;
  coaId: string | null;
  lastLoginAt: string | null;
  createdDate: string;
  updatedDate: string;
}

export interface RoleOption {
  id: string;
  name: string;
  code: RoleCode | null;
  description: string | null;
  isBuiltin: boolean;
}

export interface RoleView extends RoleOption {
  permissions: PermissionMatrix;
  savingWithdrawalLimit: number | null;
  loanRequestLimit: number | null;
  loanApprovalLimit: number | null;
  canReleaseLoan: boolean;
  canCancelTransaction: boolean;
  userCount: number;
  createdDate: string;
  updatedDate: string;
}

export interface BranchView {
  id: string;
  code: string | null;
  name: string;
  address: string | null;
  phone: string | null;
  isActive: boolean;
  areaCount: number;
  userCount: number;
  memberCount: number;
  createdDate: string;
  updatedDate: string;
}

export interface AreaView {
  id: string;
  name: string;
  description: string | null;
  branch: { id: string; name: string } | null;
  branchId: string | null;
  isActive: boolean;
  userCount: number;
  memberCount: number;
  createdDate: string;
  updatedDate: string;
}

/** A person of a branch or an area: staff (USER) or member (MEMBER). */
export interface OrganizationPerson {
  kind: 'USER' | 'MEMBER';
  id: string;
  name: string;
  /** CIF number of a member. */
  code: string | null;
  phone: string | null;
  email: string | null;
  /** Role name of a user, 'MEMBER' for members. */
  role: string;
  isActive: boolean;
  branchId: string | null;
  areaId: string | null;
  createdDate: string;
}

/** A postable account under 101 (cash and bank). */
export interface CashAccount {
  id: string;
  code: string;
  name: string;
  parentCode: string | null;
  isPostable: boolean;
  isActive: boolean;
  balance: number | null;
}

export interface Officer {
  id?: string;
  board: OfficerBoard;
  title: OfficerTitle;
  name: string;
  userId: string | null;
  userName?: string | null;
  phone: string | null;
  periodStart: string | null;
  periodEnd: string | null;
}

export interface TenantDetail {
  id: string;
  name: string;
  cooperativeType: string;
  isActive: boolean;
  legalEntityNumber: string | null;
  legalEntityDate: string | null;
  cooperativeNumber: string | null;
  taxNumber: string | null;
  address: string | null;
  city: string | null;
  province: string | null;
  postalCode: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  logoUrl: string | null;
  fiscalYearStartMonth: number;
  /** Asia/Jakarta (WIB), Asia/Makassar (WITA) or Asia/Jayapura (WIT). */
  timeZone: 'Asia/Jakarta' | 'Asia/Makassar' | 'Asia/Jayapura';
  officers: Officer[];
}

export interface CollectabilityItem {
  id?: string;
  grade: CollectabilityGrade;
  level?: number;
  daysLateFrom: number;
  daysLateUntil: number | null;
  allowancePercent: number;
}

export interface CollectabilitySettings {
  calculationType: CollectabilityCalculationType;
  items: CollectabilityItem[];
}

export interface AdArtDocument {
  id: string;
  documentType: 'AD' | 'ART' | 'LAINNYA';
  title: string;
  description: string | null;
  fileName: string;
  contentType: string;
  size: number;
  uploadedBy: { id: string; name: string | null } | null;
  createdDate: string;
  downloadUrl: string;
}

export interface InvitationInfo {
  firstName: string;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  cooperativeName: string;
  expiresAt: string;
}
