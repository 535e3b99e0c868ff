/** SQL of receipts and passbooks (savings.receipts.ts). */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { TX_FROM, TX_SELECT, type TxRow } from './savings.repo.ts';

export interface Cooperative {
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  logo_url: string | null;
  cooperative_number: string | null;
  legal_entity_number: string | null;
}

/** The cooperative's letterhead. */
export async function cooperative(tx: Tx): Promise<Cooperative> {
  return (await tx.one<Cooperative>(
    'SELECT name, address, phone, email, logo_url, cooperative_number, legal_entity_number FROM tenant WHERE tenant_id = app_tenant()',
  ))!;
}

/** Every movement of one operation (its group), in order. */
export async function operationRows(tx: Tx, groupId: string) {
  return tx.query<TxRow>(`SELECT ${TX_SELECT} FROM ${TX_FROM} WHERE t.tenant_id = app_tenant() AND t.group_id = $1 ORDER BY t.seq`, [
    groupId,
  ]);
}

/** The account's last movement before a day (its balance after), if any. */
export async function balanceBefore(tx: Tx, savingId: string, start: string) {
  return tx.one<{ balance_after: Dec }>(
    `SELECT balance_after FROM member_transaction WHERE tenant_id = app_tenant() AND saving_id = $1 AND transaction_date < $2::date
     ORDER BY seq DESC LIMIT 1`,
    [savingId, start],
  );
}

/** The account's movements of [start, end], in order. */
export async function statementRows(tx: Tx, savingId: string, start: string, end: string, limit?: number) {
  return tx.query<TxRow>(
    `SELECT ${TX_SELECT} FROM ${TX_FROM} WHERE t.tenant_id = app_tenant() AND t.saving_id = $1
     AND t.transaction_date BETWEEN $2::date AND $3::date ORDER BY t.seq${limit ? ` LIMIT ${Number(limit)}` : ''}`,
    [savingId, start, end],
  );
}
