import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DateTimeCell, TwoLineCell } from '../table/cells';

const lines = (id: string) => [...screen.getByTestId(id).firstElementChild!.children].map((c) => c.textContent);

describe('table cells', () => {
  it('shows a timestamp as its date over its time, on the browser clock', () => {
    renderWithProviders(
      <div data-testid="cell">
        <DateTimeCell value="2026-11-21T05:30:00Z" />
      </div>,
    );
    const [date, time] = lines('cell');
    expect(date).toBe('21 Nov 2026');
    expect(time).toMatch(/^\d\d[.:]30/);
  });

  it('puts the second line under the main value, and leaves it out when empty', () => {
    renderWithProviders(
      <>
        <div data-testid="a">
          <TwoLineCell main="Wati Putri" sub="2025000004" mono />
        </div>
        <div data-testid="b">
          <TwoLineCell main="SS.000028" sub="" />
        </div>
      </>,
    );
    expect(lines('a')).toEqual(['Wati Putri', '2025000004']);
    expect(lines('b')).toEqual(['SS.000028']);
  });
});
