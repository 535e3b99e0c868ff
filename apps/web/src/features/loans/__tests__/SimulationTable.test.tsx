/**
 * The simulation table: what to fill in before the first answer, the
 * summary and every installment with a totals row, the previous table kept
 * (with a bar) while a new answer loads, and the server's refusal in place.
 */
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/errors';
import { i18n } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { SimulationTable } from '../components/SimulationTable';
import { simulation } from './fixtures';

beforeAll(async () => {
  await i18n.loadNamespaces(['loans']);
});

const text = (el: Element) => el.textContent?.replace(/\s+/g, ' ').trim();

describe('simulation table', () => {
  it('says what is missing before the first answer', async () => {
    renderWithProviders(
      <SimulationTable data={undefined} loading={false} error={null} missing="Isi tenor untuk melihat jadwal angsuran." />,
    );
    expect(await screen.findByText('Belum ada simulasi')).toBeInTheDocument();
    expect(screen.getByText('Isi tenor untuk melihat jadwal angsuran.')).toBeInTheDocument();
    expect(screen.queryByTestId('schedule-table')).toBeNull();
  });

  it('shows the summary, every installment and the totals; keeps the table while a new answer loads', async () => {
    const { rerender } = renderWithProviders(<SimulationTable data={simulation()} loading={false} error={null} />);
    expect(text(await screen.findByTestId('sim-installment'))).toBe('Rp 983.400');
    expect(text(screen.getByTestId('sim-total-principal'))).toBe('Rp 10.000.000');
    expect(text(screen.getByTestId('sim-total-interest'))).toBe('Rp 1.800.000');
    expect(text(screen.getByTestId('sim-total-payment'))).toBe('Rp 11.800.000');
    const rows = screen.getAllByTestId('schedule-row');
    expect(rows).toHaveLength(12);
    // The last installment takes what remains of the principal (833.400 × 11 = 9.167.400; 10.000.000 − that = 832.600).
    expect(within(rows[11]!).getAllByRole('cell').map(text)).toEqual([
      '12',
      '26 Des 2027',
      'Rp 832.600',
      'Rp 150.000',
      'Rp 982.600',
      'Rp 0',
    ]);
    const foot = screen.getByTestId('schedule-table').querySelector('tfoot')!;
    expect([...foot.querySelectorAll('td')].map(text).filter(Boolean)).toEqual([
      'Jumlah',
      'Rp 10.000.000',
      'Rp 1.800.000',
      'Rp 11.800.000',
    ]);
    expect(screen.getByTestId('export-excel')).toBeInTheDocument();
    expect(screen.queryByTestId('simulation-refreshing')).toBeNull();

    rerender(<SimulationTable data={simulation()} loading error={null} />);
    expect(screen.getByTestId('simulation-refreshing')).toBeInTheDocument();
    expect(screen.getAllByTestId('schedule-row')).toHaveLength(12);
  });

  it("shows the server's refusal", async () => {
    const err = new ApiError('Tenor 40 bulan di luar ketentuan produk (3 sampai 36 bulan)', 'server', 422, 'LOAN_TENOR_OUT_OF_RANGE');
    renderWithProviders(<SimulationTable data={undefined} loading={false} error={err} />);
    expect(await screen.findByTestId('simulation-error')).toHaveTextContent('Tenor 40 bulan di luar ketentuan produk (3 sampai 36 bulan)');
  });
});
