import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setServedPaths } from '../../../lib/servedPaths';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import { BusinessUnitFilter } from '../components/reports/ReportFrame';

afterEach(() => setServedPaths([]));

describe('business unit filter of the statements', () => {
  it('never calls GET /api/business-unit/list-all while no business-unit screen exists, and is absent', async () => {
    setServedPaths(['/reports/balance-sheet']);
    const calls = stubFetch(() => ({ status: 404, body: { status: false, message: 'not found' } }));
    const { container } = renderWithProviders(<BusinessUnitFilter value="none" onChange={() => undefined} />);
    await new Promise((r) => setTimeout(r, 100));
    expect(calls.filter((c) => c.url.pathname === '/api/business-unit/list-all')).toHaveLength(0);
    expect(container).toBeEmptyDOMElement();
  });

  it('lists the units once the business-unit area serves its screens', async () => {
    setServedPaths(['/business-units']);
    const calls = stubFetch(() => ({ body: ok([{ id: 'u1', name: 'Toko Koperasi' }]) }));
    renderWithProviders(<BusinessUnitFilter value="none" onChange={() => undefined} />);
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/business-unit/list-all')).toBe(true));
    expect(await screen.findByText('Semua unit usaha')).toBeInTheDocument();
  });
});
