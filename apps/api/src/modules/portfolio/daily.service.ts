/**
 * Daily grading and fines of every running loan (docs/loans.md "Daily grading
 * and fines"): set-based SQL (loan_portfolio_day) in committed chunks with a
 * cursor, one row per loan and day. Resumable: a run killed at any point goes
 * on from its cursor; the unique key keeps a re-run chunk from writing twice.
 */
import type { Db } from '../../db/db.ts';
import { systemCtx, withTx } from '../../lib/context.ts';
import { dailySummary, gradeChunk } from './daily.repo.ts';
import { today } from './portfolio.util.ts';

export async function runPortfolioDay(db: Db, tenantId: string, day: string = today(), chunk = 5_000) {
  const ctx = systemCtx(db, tenantId, { requestId: `portfolio-day-${day}` });
  let loans = 0;
  for (;;) {
    const n = await withTx(ctx, (tx) => gradeChunk(tx, day, chunk));
    loans += n;
    if (n < chunk) break;
  }
  return { day, loans, grades: await withTx(ctx, (tx) => dailySummary(tx, day)) };
}
