/** SQL of the SHU calculation (shu.service.ts) and the cash payout (shu.payout.ts). */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';

export async function fiscalStartMonth(tx: Tx): Promise<number> {
  const r = await tx.one<{ m: number }>('SELECT fiscal_year_start_month AS m FROM tenant WHERE tenant_id = app_tenant()');
  return r?.m ?? 1;
}

/** The fiscal year's status and surplus, held (FOR SHARE) while the calculation runs. */
export async function fiscalYearForShare(tx: Tx, year: number) {
  return tx.one<{ status: string; surplus: Dec | null }>(
    'SELECT status, surplus FROM ledger_fiscal_year WHERE tenant_id = app_tenant() AND fiscal_year = $1 FOR SHARE',
    [year],
  );
}

export interface CalculationUpsert {
  year: number;
  surplus: Dec;
  settings: unknown;
  planned: Record<string, Dec>;
  allocations: Record<string, Dec>;
  remainderToReserve: Dec;
  memberCount: number;
  totals: { equityBasis: Dec; transactionBasis: Dec; gross: Dec; tax: Dec; net: Dec };
  calculatedBy: string | null;
}

const json = (o: Record<string, Dec>) => JSON.stringify(Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v.toFixed(2)])));

/** Writes the year's calculation (a recalculation resets a cancelled or calculated one); answers its id. */
export async function upsertCalculation(tx: Tx, c: CalculationUpsert): Promise<string> {
  const row = await tx.one<{ id: string }>(
    `INSERT INTO shu_calculation (tenant_id, fiscal_year, status, surplus, settings, planned, allocations, remainder_to_reserve,
       member_count, total_equity_basis, total_transaction_basis, total_gross, total_tax, total_net, calculated_by)
     VALUES (app_tenant(), $1, 'CALCULATED', $2, $3::jsonb, $4::jsonb, $5::jsonb, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (tenant_id, fiscal_year) DO UPDATE SET status = 'CALCULATED', surplus = EXCLUDED.surplus, settings = EXCLUDED.settings,
       planned = EXCLUDED.planned, allocations = EXCLUDED.allocations, remainder_to_reserve = EXCLUDED.remainder_to_reserve,
       member_count = EXCLUDED.member_count, total_equity_basis = EXCLUDED.total_equity_basis,
       total_transaction_basis = EXCLUDED.total_transaction_basis, total_gross = EXCLUDED.total_gross, total_tax = EXCLUDED.total_tax,
       total_net = EXCLUDED.total_net, calculated_at = now(), calculated_by = EXCLUDED.calculated_by, payout = NULL,
       distribution_date = NULL, surplus_coa_id = NULL, journal_id = NULL, distributed_at = NULL, distributed_by = NULL,
       cancel_reason = NULL, cancelled_at = NULL, cancelled_by = NULL
     RETURNING id`,
    [
      c.year,
      c.surplus.toFixed(2),
      JSON.stringify(c.settings),
      json(c.planned),
      json(c.allocations),
      c.remainderToReserve.toFixed(2),
      c.memberCount,
      c.totals.equityBasis.toFixed(2),
      c.totals.transactionBasis.toFixed(2),
      c.totals.gross.toFixed(2),
      c.totals.tax.toFixed(2),
      c.totals.net.toFixed(2),
      c.calculatedBy,
    ],
  );
  return row!.id;
}

export interface MemberShareInsert {
  memberId: string;
  equityBasis: Dec;
  transactionBasis: Dec;
  equityShare: Dec;
  transactionShare: Dec;
  gross: Dec;
  tax: Dec;
  net: Dec;
}

/** Replaces the calculation's member shares (and forgets its distribution chunks), 5,000 rows a statement. */
export async function replaceMemberShares(tx: Tx, calculationId: string, members: MemberShareInsert[]) {
  await tx.exec('DELETE FROM shu_chunk WHERE tenant_id = app_tenant() AND calculation_id = $1', [calculationId]);
  await tx.exec('DELETE FROM shu_member WHERE tenant_id = app_tenant() AND calculation_id = $1', [calculationId]);
  const cols = ['member_id', 'equity_basis', 'transaction_basis', 'equity_share', 'transaction_share', 'gross', 'tax', 'net'] as const;
  for (let i = 0; i < members.length; i += 5000) {
    const part = members.slice(i, i + 5000);
    await tx.exec(
      `INSERT INTO shu_member (tenant_id, calculation_id, ${cols.join(', ')})
       SELECT app_tenant(), $1, x.* FROM unnest($2::uuid[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[],
         $8::numeric[], $9::numeric[]) AS x`,
      [
        calculationId,
        `{${part.map((m) => m.memberId).join(',')}}`,
        `{${part.map((m) => m.equityBasis.toFixed(2)).join(',')}}`,
        `{${part.map((m) => m.transactionBasis.toFixed(2)).join(',')}}`,
        `{${part.map((m) => m.equityShare.toFixed(2)).join(',')}}`,
        `{${part.map((m) => m.transactionShare.toFixed(2)).join(',')}}`,
        `{${part.map((m) => m.gross.toFixed(2)).join(',')}}`,
        `{${part.map((m) => m.tax.toFixed(2)).join(',')}}`,
        `{${part.map((m) => m.net.toFixed(2)).join(',')}}`,
      ],
    );
  }
}

export interface PayableRow {
  member_id: string;
  cif_number: string;
  member_name: string;
  net: string;
  status: string;
  paid_journal_id: string | null;
  paid_date: string | null;
}

/** The member's share of the calculation, locked. */
export async function lockMemberShare(tx: Tx, calculationId: string, memberId: string): Promise<PayableRow | undefined> {
  return tx.one<PayableRow>(
    `SELECT x.member_id, m.cif_number, m.full_name AS member_name, x.net::text AS net, x.status, x.paid_journal_id,
            to_char(x.paid_date, 'YYYY-MM-DD') AS paid_date
     FROM shu_member x JOIN member m ON m.tenant_id = x.tenant_id AND m.id = x.member_id
     WHERE x.tenant_id = app_tenant() AND x.calculation_id = $1 AND x.member_id = $2 FOR UPDATE OF x`,
    [calculationId, memberId],
  );
}

export async function markSharePaid(
  tx: Tx,
  calculationId: string,
  memberId: string,
  p: { journalId: string; date: string; cashCoaId: string; paidBy: string | null },
) {
  await tx.exec(
    `UPDATE shu_member SET status = 'PAID', paid_journal_id = $3, paid_date = $4, paid_cash_coa_id = $5, paid_by = $6, paid_at = now()
     WHERE tenant_id = app_tenant() AND calculation_id = $1 AND member_id = $2`,
    [calculationId, memberId, p.journalId, p.date, p.cashCoaId, p.paidBy],
  );
}
