import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DateField } from '../dates/DateField';
import { dayjs, weekStartOf } from '../dates/dayjsLocale';
import { DateRangeFields } from '../dates/PeriodPicker';

describe('dates', () => {
  it('week starts Monday in Indonesian and Sunday in English (spec section 9)', () => {
    expect(weekStartOf('id')).toBe(1);
    expect(weekStartOf('en')).toBe(0);
    expect(weekStartOf('ar')).toBe(6);
    expect(dayjs('2026-03-04').locale('id').startOf('week').format('YYYY-MM-DD')).toBe('2026-03-02');
    expect(dayjs('2026-03-04').locale('en').startOf('week').format('YYYY-MM-DD')).toBe('2026-03-01');
  });

  it('shows an API date (YYYY-MM-DD) as DD/MM/YYYY', () => {
    renderWithProviders(<DateField label="Tanggal" value="2026-03-04" onChange={() => undefined} />);
    const input = screen.getByRole('group', { name: 'Tanggal' });
    expect(input.textContent?.replace(/[\u2066-\u2069\u200e\u200f]/g, '')).toContain('04/03/2026');
  });

  it('flags an end date before the start date', () => {
    renderWithProviders(<DateRangeFields value={{ start: '2026-03-10', end: '2026-03-01' }} onChange={() => undefined} />);
    expect(screen.getByText('Tanggal akhir tidak boleh sebelum tanggal mulai')).toBeInTheDocument();
  });
});

describe('dates in every language', () => {
  it.each(['id', 'en', 'zh', 'ar', 'it', 'es', 'fr'])('the picker adapter expands localized formats in %s', async (lang) => {
    const { AdapterDayjs } = await import('@mui/x-date-pickers/AdapterDayjs');
    const { dayjsLocale } = await import('../dates/dayjsLocale');
    const adapter = new AdapterDayjs({ locale: dayjsLocale(lang) });
    expect(adapter.expandFormat('L LT')).toMatch(/YYYY/);
    expect(() => adapter.is12HourCycleInCurrentLocale()).not.toThrow();
    expect(adapter.format(dayjs('2026-03-04'), 'keyboardDate')).toMatch(/2026/);
  });

  it.each(['id', 'en', 'zh', 'ar', 'it', 'es', 'fr'])('a pre-filled date field renders in %s', async (lang) => {
    const { i18n } = await import('../../lib/i18n');
    await i18n.changeLanguage(lang);
    try {
      renderWithProviders(<DateField label="Tanggal" value="2026-03-04" onChange={() => undefined} />);
      const input = screen.getByRole('group', { name: 'Tanggal' });
      expect(input.textContent?.replace(/[\u2066-\u2069\u200e\u200f]/g, '')).toContain('2026');
      expect(input.textContent).toMatch(/[0-9]/);
    } finally {
      await i18n.changeLanguage('id');
    }
  });
});
