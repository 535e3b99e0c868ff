import type { UserDetail } from '@koperasi/contracts/web';

/** A signed-in user as GET /api/users/detail answers it. */
export function user(over: Partial<UserDetail> = {}, step = 3): UserDetail {
  return {
    id: 'u1',
    firstName: 'Admin',
    lastName: 'Demo',
    fullName: 'Admin Demo',
    email: 'demo@koperasi.id',
    phone: '+6281200000001',
    position: 'KETUA',
    role: { id: 'r1', name: 'SUPER ADMIN', code: 'SUPER_ADMIN' },
    isAgent: false,
    permissions: {
      dashboard: { view: true, add: false, update: false, delete: false },
      member: { view: true, add: true, update: true, delete: false },
    },
    limits: { savingWithdrawal: null, loanRequest: 25000000, loanApproval: null, canReleaseLoan: true, canCancelTransaction: false },
    lastLoginAt: null,
    createdDate: '2026-01-01T00:00:00Z',
    tenant: { id: 't1', name: 'Koperasi Demo Sejahtera', cooperativeType: 'KSP', isActive: true, stepConfiguration: step, logoUrl: null },
    ...over,
  };
}
