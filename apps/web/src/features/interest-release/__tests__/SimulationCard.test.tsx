/**
 * The simulation answers its totals over every member and the first 999 members' rows (the grid pages them in the
 * browser): with more members than that, the card says so, and that the totals and the Excel cover them all.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import { SimulationCard } from '../components/SimulationCard';

beforeAll(async () => {
  await i18n.loadNamespaces(['interest-release', 'common']);
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  Cookies.set('csrf_token', 't');
});

function answer(shown: number, total: number) {
  return {
    content: Array.from({ length: shown }, (_, i) => ({
      memberId: `m${i}`,
      cifNumber: `C${i}`,
      memberName: `Anggota ${i + 1}`,
      basis: 1_000_000,
      gross: 2_500,
      tax: 0,
      adminFee: 1_000,
      net: 1_500,
    })),
    page: 0,
    limit: 999,
    totalElements: total,
    totalPages: Math.ceil(total / 999),
    startDate: '2026-10-01',
    endDate: '2026-10-31',
    totalGross: total * 2_500,
    totalTax: 0,
    totalAdminFee: total * 1_000,
    totalNet: total * 1_500,
  };
}

describe('SimulationCard', () => {
  it('with more members than the rows answered: says how many are shown of all', async () => {
    stubFetch(() => ({ body: ok(answer(999, 4_321)) }));
    renderWithProviders(<SimulationCard from="2026-10-01" to="2026-10-31" />);
    await userEvent.click(screen.getByRole('button', { name: 'Simulate' }));
    expect(await screen.findByTestId('simulation-partial')).toHaveTextContent(
      'Showing 999 of 4,321 members; the totals above cover all of them. Download Excel for the full list.',
    );
  });

  it('with every member answered: no such line', async () => {
    stubFetch(() => ({ body: ok(answer(12, 12)) }));
    renderWithProviders(<SimulationCard from="2026-10-01" to="2026-10-31" />);
    await userEvent.click(screen.getByRole('button', { name: 'Simulate' }));
    expect(await screen.findByTestId('simulation-totals')).toBeInTheDocument();
    expect(screen.queryByTestId('simulation-partial')).not.toBeInTheDocument();
  });

  it('says it is computing while the server works, and its grid speaks the user’s language (Indonesian pagination)', async () => {
    let answerNow: () => void = () => undefined;
    const answered = new Promise<void>((r) => {
      answerNow = r;
    });
    stubFetch(async () => {
      await answered;
      return { body: ok(answer(12, 12)) };
    });
    await i18n.changeLanguage('id');
    try {
      renderWithProviders(<SimulationCard from="2026-10-01" to="2026-10-31" />);
      await userEvent.click(screen.getByRole('button', { name: 'Simulasikan' }));
      expect(await screen.findByTestId('simulation-computing')).toHaveTextContent('Menghitung jasa setiap rekening');
      answerNow();
      expect(await screen.findByTestId('simulation-totals')).toBeInTheDocument();
      expect(screen.queryByTestId('simulation-computing')).not.toBeInTheDocument();
      expect(screen.getByText(/Baris per halaman/)).toBeInTheDocument();
      expect(screen.queryByText(/Rows per page/)).not.toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
