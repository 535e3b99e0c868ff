/**
 * The portfolio's daily work, kept thin on purpose (a job runner will take the
 * scheduling over): every hour, for every cooperative with running loans, the
 * day's auto debit (runAutoDebit goes on from its cursor and posts nothing
 * twice), the daily grading and fines snapshot (set-based SQL) and the day's reminders (once per installment and day).
 */
import type { FastifyInstance } from 'fastify';
import { runAutoDebit } from './autodebit.service.ts';
import { runPortfolioDay } from './daily.service.ts';
import { today } from './portfolio.util.ts';
import { sendReminders } from './reminders.service.ts';

export async function portfolioDaily(app: FastifyInstance, date: string = today()): Promise<void> {
  const tenants = await app.db.appQuery<{ t: string }>('SELECT t FROM loan_portfolio_tenants() AS t');
  for (const { t } of tenants) {
    await runPortfolioDay(app.db, t, date);
    await runAutoDebit(app.db, t, date);
    await sendReminders(app.db, app.notifier, t, date);
  }
}

export function startPortfolioJobs(app: FastifyInstance, intervalMs = 3_600_000): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = portfolioDaily(app)
      .catch((err) => app.log.error({ err }, 'portfolio daily job failed'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, 60_000);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
