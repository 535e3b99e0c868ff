import { DEFAULT_COLLECTABILITY } from '@koperasi/contracts/settings';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../../lib/i18n';
import { loadFullCatalog } from '../../../../lib/i18n/messages';
import { renderWithProviders } from '../../../../test/render';
import { type CollectabilityDraft, CollectabilityEditor, draftOf } from '../CollectabilityEditor';

beforeAll(async () => {
  await i18n.loadNamespaces(['cooperative']);
  await loadFullCatalog();
});

function Harness({ onDraft }: { onDraft?: (d: CollectabilityDraft) => void }) {
  const [draft, setDraft] = useState(draftOf({ calculationType: 'HARIAN', items: DEFAULT_COLLECTABILITY }));
  return (
    <CollectabilityEditor
      value={draft}
      onChange={(d) => {
        setDraft(d);
        onDraft?.(d);
      }}
    />
  );
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('CollectabilityEditor', () => {
  it('shows the four grades in order and accepts the default ranges', () => {
    renderWithProviders(<Harness />);
    const grades = screen.getAllByTestId(/^grade-/).map((r) => r.getAttribute('data-testid'));
    expect(grades).toEqual(['grade-LANCAR', 'grade-KURANG_LANCAR', 'grade-DIRAGUKAN', 'grade-MACET']);
    expect(screen.getByTestId('collectability-ok')).toBeInTheDocument();
    type('collectability-probe', '45');
    expect(screen.getByTestId('collectability-probe-grade')).toHaveTextContent('KURANG LANCAR');
  });

  it('flags an overlap under the field with the server sentence, then "join the ranges" repairs it', () => {
    let last: CollectabilityDraft | undefined;
    renderWithProviders(<Harness onDraft={(d) => (last = d)} />);
    type('from-1', '25');
    const row = screen.getByTestId('grade-KURANG_LANCAR');
    expect(within(row).getByText(/Rentang LANCAR \(0-30 hari\) bertumpuk dengan KURANG LANCAR \(mulai 25 hari\)/)).toBeInTheDocument();
    expect(screen.getByTestId('collectability-issues')).toHaveTextContent('1 masalah');
    expect(screen.getByTestId('collectability-probe-grade')).toHaveTextContent('-');
    fireEvent.click(screen.getByTestId('collectability-chain'));
    expect(screen.getByTestId('collectability-ok')).toBeInTheDocument();
    expect(last!.items.map((i) => i.daysLateFrom)).toEqual([0, 31, 91, 181]);
  });

  it('flags a gap and an upper bound on MACET', () => {
    renderWithProviders(<Harness />);
    type('from-2', '100');
    expect(within(screen.getByTestId('grade-DIRAGUKAN')).getByText(/hari 91 sampai 99 tidak masuk tingkat mana pun/)).toBeInTheDocument();
    type('until-3', '365');
    expect(within(screen.getByTestId('grade-MACET')).getByText(/MACET harus tanpa batas akhir/)).toBeInTheDocument();
    expect(screen.getByTestId('collectability-issues')).toHaveTextContent('2 masalah');
  });

  it('takes whole days only', () => {
    renderWithProviders(<Harness />);
    type('until-0', '3a');
    expect((screen.getByTestId('until-0') as HTMLInputElement).value).toBe('30');
    type('until-0', '');
    expect(within(screen.getByTestId('grade-LANCAR')).getByText(/LANCAR tidak boleh tanpa batas akhir/)).toBeInTheDocument();
  });
});
