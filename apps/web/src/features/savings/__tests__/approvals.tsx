/**
 * What the approval-tab tests of /transactions/online-requests share
 * (withdrawals above a teller's limit, account openings): the page opened
 * on a tab for a signed-in user with the API stubbed, the tab's list
 * queries and the decisions sent recorded; a server refusal; the checks
 * every approval tab passes (hidden without member_transaction:update, a
 * rejection needs a reason).
 */
import type { UserDetail } from '@koperasi/contracts/web';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { ok, stubFetch } from '../../../test/render';
import { renderSignedRoute } from '../../../test/signed';
import OnlineRequestsPage from '../pages/OnlineRequestsPage';

export interface Answer {
  status?: number;
  body: unknown;
}

/** A decision as the dialog sent it: the body and its Idempotency-Key header. */
export interface SentDecision {
  body: Record<string, unknown>;
  key: string | null;
}

/** The server's refusal envelope. */
export const refusal = (code: number, message: string, errorCode: string): Answer => ({
  status: code,
  body: { status: false, code, message, errorCode, data: null },
});

const notFound: Answer = { status: 404, body: { status: false, code: 404, message: 'x', data: null } };

export interface ApprovalTabOptions {
  tab: 'withdrawals' | 'openings';
  user: UserDetail;
  /** The tab's list endpoint and its page. */
  list: { path: string; page: unknown };
  /** The decision endpoint (POST) and its answer (default a 500). */
  decide: { path: string; answer?: (body: Record<string, unknown>) => Answer };
  /** Other endpoints the screen calls; anything else answers 404. */
  more?: Record<string, unknown>;
}

/** Open the tab; returns the decisions sent and the list queries made. */
export function openApprovalTab({ tab, user, list, decide, more = {} }: ApprovalTabOptions) {
  const posts: SentDecision[] = [];
  const lists: URLSearchParams[] = [];
  stubFetch((url, init) => {
    if (url.pathname === '/api/users/detail') return { body: ok(user) };
    if (url.pathname === list.path) {
      lists.push(url.searchParams);
      return { body: ok(list.page) };
    }
    if (url.pathname === decide.path && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posts.push({ body, key: new Headers(init.headers).get('Idempotency-Key') });
      return decide.answer?.(body) ?? { status: 500, body: null };
    }
    if (url.pathname in more) return { body: ok(more[url.pathname]) };
    return notFound;
  });
  renderOnlineRequests(`/transactions/online-requests?tab=${tab}`);
  return { posts, lists };
}

/** Render the online requests screen at `path` (with its query) for the signed-in user the stubbed API answers. */
export function renderOnlineRequests(path: string) {
  renderSignedRoute('/transactions/online-requests', <OnlineRequestsPage />, path);
}

/** For a role that may not decide the tab is neither offered nor fetched (the screen opens on another list). */
export async function expectTabHidden(tab: ApprovalTabOptions['tab'], lists: URLSearchParams[]) {
  await screen.findByTestId('table-search', {}, { timeout: 8000 });
  expect(screen.queryByTestId(`tab-${tab}`)).toBeNull();
  expect(lists).toHaveLength(0);
}

/** In an open dialog: rejecting without a reason asks for one and sends nothing. */
export async function expectReasonRequired(u: UserEvent, posts: SentDecision[]) {
  await u.click(screen.getByTestId('request-reject'));
  await u.click(screen.getByTestId('request-confirm'));
  expect(await screen.findByText('Alasan wajib diisi')).toBeInTheDocument();
  expect(posts).toHaveLength(0);
}
