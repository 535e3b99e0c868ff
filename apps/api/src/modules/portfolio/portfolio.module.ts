import { defineModule } from '../types.ts';
import { startPortfolioJobs } from './portfolio.jobs.ts';
import { portfolioRoutes } from './portfolio.routes.ts';

/**
 * Loan portfolio: loan loss provision (PPAP) postings, the daily auto debit of
 * installments, installment reminders. Grading and the portfolio reports'
 * figures live in loans (loans.portfolio.ts); the reports in modules/reports.
 * docs/loans.md "Portfolio".
 */
export default defineModule({
  name: 'portfolio',
  order: 46,
  routes: portfolioRoutes,
  startJobs: (app, runner) => startPortfolioJobs(app, runner),
});
