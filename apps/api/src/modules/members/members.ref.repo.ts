/** SQL of the member reference other modules read and lock (members.registry.ts). */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';

export interface RefRow {
  id: string;
  cif_number: string;
  full_name: string;
  member_type: 'MEMBER' | 'NON_MEMBER' | 'PROSPECTIVE';
  status: 'WAITING_INTERVIEW' | 'WAITING_APPROVAL' | 'ACTIVE' | 'REJECTED' | 'EXITED';
  is_active: boolean;
  join_date: string | null;
  branch_id: string | null;
  area_id: string | null;
  agent_id: string | null;
  principal_status: 'NOT_REQUIRED' | 'OWED' | 'PAID';
  principal_owed: Dec | null;
}

const REF_COLUMNS = `id, cif_number, full_name, member_type, status, is_active, join_date, branch_id, area_id, agent_id,
  principal_status, principal_owed`;

/** The member's row (or undefined), optionally locked FOR SHARE or FOR UPDATE. */
export async function memberRefRow(tx: Tx, memberId: string, lock?: 'share' | 'update'): Promise<RefRow | undefined> {
  const suffix = lock === 'update' ? ' FOR UPDATE' : lock === 'share' ? ' FOR SHARE' : '';
  return tx.one<RefRow>(`SELECT ${REF_COLUMNS} FROM member WHERE tenant_id = app_tenant() AND id = $1${suffix}`, [memberId]);
}

/** The simpanan pokok paid: no amount owed any more. */
export async function setPrincipalPaid(tx: Tx, memberId: string, userId: string | null): Promise<void> {
  await tx.exec(
    `UPDATE member SET principal_status = 'PAID', principal_owed = NULL, principal_paid_at = now(), updated_by = $2
     WHERE tenant_id = app_tenant() AND id = $1`,
    [memberId, userId],
  );
}
