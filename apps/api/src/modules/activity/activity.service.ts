/**
 * Page views: the web app shell records every route change here, in batches
 * (at most PAGE_VIEW_MAX_BATCH per call, flushed every few seconds and when
 * the tab is hidden). The activity report reads the table `page_view`.
 *
 * Decisions:
 *  - A page view is itself an activity record, so it gets no audit_log entry
 *    (that would double the trail); `page_view` is append-only for the app.
 *  - Only the path is kept; query strings and fragments may carry search
 *    text or tokens and are cut off (contracts `pageViewBody`).
 *  - The browser's time is kept when it lies within the last 24 hours and at
 *    most 5 minutes ahead of the server; otherwise the server's time is used,
 *    so a wrong client clock cannot move views into another period.
 *  - At most PAGE_VIEW_MAX_PER_HOUR views per user arrive per hour; the rest
 *    are dropped and counted in the answer, so a runaway tab cannot fill the
 *    table. Recording never fails the caller for that.
 */
import { PAGE_VIEW_MAX_PER_HOUR } from '@koperasi/contracts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { countRecentPageViews, insertPageViews } from './activity.repo.ts';

export interface PageViewInput {
  path: string;
  at: string;
}

export async function recordPageViews(ctx: Ctx, views: PageViewInput[]): Promise<{ accepted: number; dropped: number }> {
  return withTx(ctx, async (tx) => {
    const room = Math.max(0, PAGE_VIEW_MAX_PER_HOUR - (await countRecentPageViews(tx, ctx.tenantId, ctx.userId)));
    const kept = views.slice(0, room);
    if (kept.length > 0) await insertPageViews(tx, ctx.tenantId, ctx.userId, ctx.principal?.sessionId ?? null, kept);
    return { accepted: kept.length, dropped: views.length - kept.length };
  });
}
