/** SQL of the report routes that is not a module's own read (the ledger's monthly income and expenses, a member's existence). */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';

export interface IncomeExpenseRow {
  periode: string;
  type: 'INCOME' | 'EXPENSE';
  debit: Dec;
  credit: Dec;
}

/** Debits and credits of INCOME and EXPENSE accounts per month between two month starts, year-end closing entries left out. */
export function incomeExpenseByMonth(tx: Tx, start: string, end: string) {
  return tx.query<IncomeExpenseRow>(
    `SELECT to_char(b.period, 'YYYY-MM') AS periode, a.type,
            sum(b.debit - b.close_debit) AS debit, sum(b.credit - b.close_credit) AS credit
     FROM ledger_balance b
     JOIN coa_account a ON a.tenant_id = b.tenant_id AND a.id = b.account_id
     WHERE b.tenant_id = $1 AND b.period BETWEEN $2::date AND $3::date AND a.type IN ('INCOME', 'EXPENSE')
     GROUP BY 1, 2`,
    [tx.tenantId, start, end],
  );
}

/** Whether the member exists in the tenant (any state, whoever asks). */
export async function memberExists(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx.query('SELECT 1 FROM member WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
  return rows.length > 0;
}
