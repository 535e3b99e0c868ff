/**
 * SQL of the payout requests of term deposits (deposit_payout_request,
 * migration 0650): a payout including interest waits for a second user when
 * the product says "interest withdrawal needs approval".
 */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';

export interface PayoutRequestRow {
  id: string;
  deposit_id: string;
  method: 'CASH' | 'SAVING';
  cash_coa_id: string | null;
  saving_id: string | null;
  kinds: string[];
  principal: Dec;
  interest: Dec;
  description: string | null;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  requested_by: string | null;
  requested_by_name: string | null;
  requested_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
  reason: string | null;
  payout_id: string | null;
}

const SELECT = `r.id, r.deposit_id, r.method, r.cash_coa_id, r.saving_id, r.kinds, r.principal, r.interest, r.description, r.status,
  r.requested_by, trim(concat(u.first_name, ' ', u.last_name)) AS requested_by_name, r.requested_at, r.decided_by, r.decided_at, r.reason, r.payout_id
  FROM deposit_payout_request r LEFT JOIN app_user u ON u.tenant_id = r.tenant_id AND u.id = r.requested_by`;

/** The request waiting for approval of a deposit (FOR UPDATE when `lock`). */
export async function pendingRequest(tx: Tx, depositId: string, lock = false): Promise<PayoutRequestRow | undefined> {
  return tx.one<PayoutRequestRow>(
    `SELECT ${SELECT} WHERE r.tenant_id = app_tenant() AND r.deposit_id = $1 AND r.status = 'PENDING'${lock ? ' FOR UPDATE OF r' : ''}`,
    [depositId],
  );
}

export async function insertRequest(
  tx: Tx,
  p: {
    depositId: string;
    method: 'CASH' | 'SAVING';
    cashCoaId: string | null;
    savingId: string | null;
    kinds: string[];
    principal: Dec;
    interest: Dec;
    description: string | null;
    userId: string | null;
  },
): Promise<string> {
  const r = await tx.one<{ id: string }>(
    `INSERT INTO deposit_payout_request (tenant_id, deposit_id, method, cash_coa_id, saving_id, kinds, principal, interest, description, requested_by)
     VALUES (app_tenant(), $1, $2, $3, $4, $5::text[], $6, $7, $8, $9) RETURNING id`,
    [
      p.depositId,
      p.method,
      p.cashCoaId,
      p.savingId,
      `{${p.kinds.join(',')}}`,
      p.principal.toFixed(2),
      p.interest.toFixed(2),
      p.description,
      p.userId,
    ],
  );
  return r!.id;
}

export async function decideRequest(
  tx: Tx,
  id: string,
  p: { status: 'APPROVED' | 'REJECTED'; userId: string | null; reason: string | null; payoutId: string | null },
): Promise<void> {
  await tx.exec(
    `UPDATE deposit_payout_request SET status = $2, decided_by = $3, decided_at = now(), reason = $4, payout_id = $5
     WHERE tenant_id = app_tenant() AND id = $1 AND status = 'PENDING'`,
    [id, p.status, p.userId, p.reason, p.payoutId],
  );
}
