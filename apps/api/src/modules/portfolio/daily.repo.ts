/** SQL of the daily grading and fines: the cooperatives to run, the run's cursor and the set-based chunk (db/functions/loan_portfolio_day.sql). */
import type { Db, Tx } from '../../db/db.ts';

/** One committed chunk: the cursor read (locked), the function run on the next loans, the cursor moved. 0 = the day is done. */
export async function gradeChunk(tx: Tx, day: string, size: number): Promise<number> {
  await tx.exec('INSERT INTO loan_portfolio_run (tenant_id, day) VALUES (app_tenant(), $1) ON CONFLICT DO NOTHING', [day]);
  const run = await tx.one<{ cursor_loan_id: string | null; status: string }>(
    'SELECT cursor_loan_id, status FROM loan_portfolio_run WHERE tenant_id = app_tenant() AND day = $1 FOR UPDATE',
    [day],
  );
  if (!run || run.status === 'DONE') return 0;
  const r = (await tx.one<{ last_id: string | null; loans: number }>('SELECT * FROM loan_portfolio_day($1::date, $2::uuid, $3::int)', [
    day,
    run.cursor_loan_id,
    size,
  ]))!;
  await tx.exec(
    `UPDATE loan_portfolio_run SET cursor_loan_id = coalesce($2, cursor_loan_id), loans = loans + $3,
       status = CASE WHEN $3 < $4 THEN 'DONE' ELSE 'RUNNING' END, finished_at = CASE WHEN $3 < $4 THEN now() END
     WHERE tenant_id = app_tenant() AND day = $1`,
    [day, r.last_id, r.loans, size],
  );
  return r.loans;
}

export async function dailySummary(tx: Tx, day: string) {
  return tx.query<{ grade: string; loans: number; outstanding: string; fine_due: string }>(
    `SELECT grade, count(*)::int AS loans, sum(outstanding) AS outstanding, sum(fine_due) AS fine_due
     FROM loan_portfolio_daily WHERE tenant_id = app_tenant() AND day = $1 GROUP BY grade ORDER BY grade`,
    [day],
  );
}

/** The cooperatives with loans to grade (loan_portfolio_tenants), one statement as the app role outside a tenant. */
export async function portfolioTenants(db: Pick<Db, 'appQuery'>): Promise<string[]> {
  return (await db.appQuery<{ t: string }>('SELECT t FROM loan_portfolio_tenants() AS t')).map((r) => r.t);
}
