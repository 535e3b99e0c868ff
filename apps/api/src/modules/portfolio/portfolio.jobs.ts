/**
 * The portfolio's daily work on the job runner: every hour, for every cooperative with running loans, the
 * day's auto debit (runAutoDebit goes on from its cursor and posts nothing
 * twice), the daily grading and fines snapshot (set-based SQL) and the day's reminders (once per installment and day).
 */
import type { FastifyInstance } from 'fastify';
import type { JobRunner } from '../jobs/runner.ts';
import { runAutoDebit } from './autodebit.service.ts';
import { portfolioTenants } from './daily.repo.ts';
import { runPortfolioDay } from './daily.service.ts';
import { today } from './portfolio.util.ts';
import { sendReminders } from './reminders.service.ts';

export async function portfolioDaily(app: FastifyInstance, date: string = today()): Promise<void> {
  for (const t of await portfolioTenants(app.db)) {
    await runPortfolioDay(app.db, t, date);
    await runAutoDebit(app.db, t, date);
    await sendReminders(app.db, app.notifier, t, date);
  }
}

/**
 * Registered on the job runner (modules/jobs): every hour, on one server at a time. Each step goes on from where the
 * day stands (auto debit and grading resume from their cursors, reminders are once per installment and day), so an
 * hourly tick both runs the day and catches up after the server was down.
 */
export async function startPortfolioJobs(app: FastifyInstance, runner: JobRunner, seconds = 3_600): Promise<void> {
  await runner.every('portfolio.daily', seconds, async () => {
    try {
      await portfolioDaily(app);
    } catch (err) {
      app.log.error({ err }, 'portfolio daily job failed');
    }
  });
}
