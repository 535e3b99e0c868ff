import { describe, expect, it } from 'vitest';
import { fitEntries } from './HorizontalNav';

describe('horizontal menu overflow', () => {
  const w = [100, 120, 140, 160, 180, 200];
  it('keeps every entry when they fit', () => {
    expect(fitEntries(w, 80, 2000, 2)).toEqual([0, 1, 2, 3, 4, 5]);
  });
  it('puts what does not fit into "more", leaving room for it', () => {
    // 100+120+140 (+4 gap each) = 372, + more 80 = 452 <= 460; one more would not fit.
    expect(fitEntries(w, 80, 460, 0)).toEqual([0, 1, 2]);
  });
  it('never hides the active section: it takes the place of the last entry that fits', () => {
    expect(fitEntries(w, 80, 460, 5)).toEqual([0, 5]);
    expect(fitEntries(w, 80, 460, 1)).toEqual([0, 1, 2]);
  });
});
