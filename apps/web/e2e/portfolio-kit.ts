/**
 * What the portfolio browser tests share (portfolio.e2e.ts, portfolio.screens.ts):
 * the API called with a bearer token, a loan product, and a loan released in
 * the past and never paid (overdue), for the demo cooperative; screenshots
 * copied into docs/screens/<issue>/.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_DIR, screenshot, url } from './harness';

/** One API call as the token's user; throws with the server's message on a refusal. */
export async function apiAs<T>(token: string, p: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(url(p), {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${token}`, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const json = (await res.json()) as { status: boolean; message: string; data: T };
  if (!json.status) throw new Error(`${p}: ${json.message}`);
  return json.data;
}

/** A screenshot kept in docs/screens/<folder>/<name>.png as well. */
export async function docShot(page: Page, folder: string, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  const file = await screenshot(page, name, opts);
  const dir = path.join(REPO_DIR, 'docs/screens', folder);
  mkdirSync(dir, { recursive: true });
  copyFileSync(file, path.join(dir, `${name}.png`));
}

/**
 * A FLAT 1 %/month loan of 6.000.000 over 12 months, released on 2026-01-02
 * (first installment 2026-02-02) to cash and never paid, for the first active
 * member the rules let apply. `fine`: NOMINAL rupiah a day late, no grace days.
 * `release: false` leaves it APPROVED (its collateral still editable).
 */
export async function overdueLoan(token: string, label: string, fine = 0, release = true): Promise<{ id: string; loanNumber: string }> {
  const gl = await apiAs<Array<{ role: string; coaId: string }>>(token, '/api/product/gl-defaults?kind=LOAN');
  const product = await apiAs<{ id: string }>(token, '/api/product', {
    method: 'POST',
    body: {
      kind: 'LOAN',
      name: `${label} ${Date.now() % 100000}`,
      interestMethod: 'FLAT',
      interestRate: 1,
      minAmount: 500_000,
      maxAmount: 50_000_000,
      minTenor: 1,
      maxTenor: 24,
      adminFee: 0,
      adminFeeType: 'NOMINAL',
      provisionFee: 0,
      provisionFeeType: 'NOMINAL',
      fine,
      fineMethod: 'NOMINAL',
      fineGraceDays: 0,
      roundingMultiple: 1,
      applicationNeedsApproval: false,
      glAccounts: Object.fromEntries(gl.map((g) => [g.role, g.coaId])),
    },
  });
  const members = await apiAs<{ content: Array<{ id: string }> }>(token, '/api/member/datatable?limit=50&status=ACTIVE');
  for (const m of members.content) {
    let applied: { loan: { id: string; loanNumber: string } };
    try {
      applied = await apiAs(token, '/api/transaction/request-open-product-member', {
        method: 'POST',
        body: { memberId: m.id, productId: product.id, amount: 6_000_000, tenorInMonth: 12, purpose: 'Modal usaha' },
      });
    } catch {
      continue; // a member the rules refuse (limit, type): the next one
    }
    if (release)
      await apiAs(token, '/api/transaction/product/loan/release', {
        method: 'POST',
        body: { loanId: applied.loan.id, destination: 'CASH', releaseDate: '2026-01-02', firstInstallmentDate: '2026-02-02' },
      });
    return { id: applied.loan.id, loanNumber: applied.loan.loanNumber };
  }
  throw new Error('no member could apply');
}
