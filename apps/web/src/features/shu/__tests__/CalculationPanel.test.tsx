/**
 * The SHU calculation panel while a distribution runs (docs/shu.md "Benchmark": 100,000 members take over a minute):
 * the shares done of all from GET /api/shu/calculation, as a count and, while this desk's run is pending, a bar.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { loadFullCatalog } from '../../../lib/i18n/messages';
import { user } from '../../../test/fixtures';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import { Signed } from '../../../test/signed';
import type { ShuCalculation } from '../api/shu';
import { CalculationPanel } from '../components/CalculationPanel';

beforeAll(async () => {
  await i18n.loadNamespaces(['shu', 'common']);
  await loadFullCatalog();
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  Cookies.set('csrf_token', 't');
});

const zero = { RESERVE: 0, MEMBER_EQUITY: 0, MEMBER_TRANSACTION: 0, MANAGEMENT: 0, EMPLOYEE: 0, EDUCATION: 0, SOCIAL: 0, OTHER: 0 };
const CALC: ShuCalculation = {
  id: 'c1',
  year: 2025,
  status: 'DISTRIBUTING',
  surplus: 5_000_000_000,
  planned: zero,
  allocations: zero,
  remainderToReserve: 0,
  memberCount: 100_000,
  totals: { equityBasis: 1, transactionBasis: 1, gross: 2_250_000_000, tax: 225_000_000, net: 2_025_000_000 },
  calculatedAt: '2026-11-29T10:00:00Z',
  payout: 'SAVINGS',
  distributionDate: '2026-11-29',
  journalId: 'j1',
  journalNumber: 'JU/2026/000001',
  cancelReason: null,
  progress: { done: 60_000, total: 100_000 },
};

describe('SHU CalculationPanel', () => {
  it('shows how many shares a distribution has done, and a bar while this desk resumes it', async () => {
    const posts: string[] = [];
    stubFetch((url, init) => {
      if (url.pathname === '/api/users/detail')
        return { body: ok(user({ permissions: { shu: { view: true, add: true, update: true, delete: true } } } as never)) };
      if (url.pathname === '/api/shu/distribute' && init.method === 'POST') {
        posts.push(url.pathname);
        return new Promise<never>(() => undefined); // still running
      }
      return { body: ok(null) };
    });
    renderWithProviders(
      <Signed>
        <CalculationPanel year={2025} calc={CALC} notFound={false} />
      </Signed>,
      { auth: true },
    );
    expect((await screen.findByTestId('shu-progress-count')).textContent).toBe('60,000 of 100,000 members');
    await userEvent.click(await screen.findByRole('button', { name: 'Resume distribution' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox'), '2025');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Distribute SHU' }));
    await waitFor(() => expect(posts).toEqual(['/api/shu/distribute']));
    const progress = await screen.findByTestId('shu-progress');
    expect(progress.textContent).toContain('60,000 of 100,000 members');
    expect(within(progress).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('60');
    expect(screen.queryByTestId('shu-progress-count')).toBeNull();
  });
});
