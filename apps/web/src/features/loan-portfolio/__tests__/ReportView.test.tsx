/**
 * The portfolio report view: the loan list (report/loan, every row on one
 * page, the fine due, the Rekapitulasi link by the loan's id) and the day
 * reports with the area and officer filters sent to the server.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { loadFullCatalog } from '../../../lib/i18n/messages';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import { ReportView } from '../components/ReportView';

beforeAll(async () => {
  await i18n.loadNamespaces(['loan-portfolio', 'loans']);
  await loadFullCatalog();
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  Cookies.set('csrf_token', 't');
});

const LOAN_ID = '11111111-1111-4111-8111-111111111111';
const AREA_ID = '22222222-2222-4222-8222-222222222222';
const options = (url: URL) =>
  url.pathname === '/api/member/form-options'
    ? { body: ok({ branches: [], areas: [{ id: AREA_ID, name: 'Wilayah Timur' }], agents: [], staff: [] }) }
    : url.pathname === '/api/product/LOAN/categories'
      ? { body: ok([]) }
      : null;

describe('ReportView', () => {
  it('shows the loan list on one page with the fine due and links each loan to its recapitulation', async () => {
    const calls = stubFetch((url) => {
      if (url.pathname === '/api/report/loan')
        return {
          body: ok({
            content: [
              {
                id: LOAN_ID,
                loanNumber: 'PJ.000001',
                memberName: 'Siti Aminah',
                amount: 6_000_000,
                remainingPrincipal: 4_000_000,
                fineDue: 7_840,
              },
            ],
            totalElements: 1,
            totals: { amount: 6_000_000, remainingPrincipal: 4_000_000, fineDue: 7_840 },
          }),
        };
      return options(url) ?? { body: ok([]) };
    });
    renderWithProviders(<ReportView report="list" />, { path: '/reports/loans' });
    const table = await screen.findByTestId('report-list');
    expect(within(table).getByText('Fine due')).toBeTruthy();
    expect(within(table).getAllByText(/7[.,]840/)).toHaveLength(2);
    expect((await screen.findByTestId('recap-link')).getAttribute('href')).toBe(`/reports/loans/${LOAN_ID}/recapitulation`);
    const q = calls.find((c) => c.url.pathname === '/api/report/loan')!.url.searchParams;
    expect([q.get('page'), q.get('limit'), q.get('sortBy')]).toEqual(['0', '1000', 'loanNumber']);
    expect(q.get('start')).toBeTruthy();
    expect(screen.queryByTestId('report-partial')).toBeNull();
  });

  it('says when the list holds more loans than the page shows (1,000 printed of 1,234)', async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/report/loan')
        return {
          body: ok({
            content: Array.from({ length: 1000 }, (_, i) => ({ id: `l${i}`, loanNumber: `PJ.${i}`, memberName: 'Siti', amount: 1 })),
            totalElements: 1234,
            totals: { amount: 1234, remainingPrincipal: 0, fineDue: 0 },
          }),
        };
      return options(url) ?? { body: ok([]) };
    });
    renderWithProviders(<ReportView report="list" />, { path: '/reports/loans' });
    expect(await screen.findByTestId('report-partial')).toHaveTextContent('Showing 1,000 of 1,234 rows. Download Excel for all of them.');
  });

  it('sends the area filter with a day report (collectibility)', async () => {
    const calls = stubFetch(
      (url) =>
        options(url) ?? {
          body: ok({ date: '2026-06-20', grades: [], total: {}, loans: [] }),
        },
    );
    renderWithProviders(<ReportView report="collectibility" />, { path: '/reports/collectability' });
    await screen.findByTestId('report-collectibility');
    expect(screen.getByTestId('filter-officerId')).toBeTruthy();
    fireEvent.mouseDown(within(screen.getByTestId('filter-areaId')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Wilayah Timur' }));
    await screen.findByTestId('report-collectibility');
    await new Promise((r) => setTimeout(r, 50));
    const asked = calls.filter((c) => c.url.pathname === '/api/report/loan/collectibility').map((c) => c.url.searchParams.get('areaId'));
    expect(asked).toContain(AREA_ID);
  });
});
