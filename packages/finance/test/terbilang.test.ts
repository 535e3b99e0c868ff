import { describe, expect, it } from 'vitest';
import { numberWordsId, terbilang } from '../src/terbilang.ts';

describe('terbilang (Indonesian amounts in words)', () => {
  const cases: Array<[number | string, string]> = [
    [0, 'Nol rupiah'],
    [1, 'Satu rupiah'],
    [10, 'Sepuluh rupiah'],
    [11, 'Sebelas rupiah'],
    [12, 'Dua belas rupiah'],
    [19, 'Sembilan belas rupiah'],
    [20, 'Dua puluh rupiah'],
    [21, 'Dua puluh satu rupiah'],
    [99, 'Sembilan puluh sembilan rupiah'],
    [100, 'Seratus rupiah'],
    [101, 'Seratus satu rupiah'],
    [110, 'Seratus sepuluh rupiah'],
    [111, 'Seratus sebelas rupiah'],
    [250, 'Dua ratus lima puluh rupiah'],
    [1000, 'Seribu rupiah'],
    [1001, 'Seribu satu rupiah'],
    [1500, 'Seribu lima ratus rupiah'],
    [11000, 'Sebelas ribu rupiah'],
    [21000, 'Dua puluh satu ribu rupiah'],
    [100000, 'Seratus ribu rupiah'],
    [101000, 'Seratus satu ribu rupiah'],
    [1000000, 'Satu juta rupiah'],
    [1500000, 'Satu juta lima ratus ribu rupiah'],
    [1001000, 'Satu juta seribu rupiah'],
    [2000001, 'Dua juta satu rupiah'],
    [1000000000, 'Satu miliar rupiah'],
    [25750125, 'Dua puluh lima juta tujuh ratus lima puluh ribu seratus dua puluh lima rupiah'],
    [1000000000000, 'Satu triliun rupiah'],
    ['1250.50', 'Seribu dua ratus lima puluh rupiah lima puluh sen'],
    ['0.05', 'Nol rupiah lima sen'],
    [-5000, 'Minus lima ribu rupiah'],
  ];
  it.each(cases)('%s → %s', (amount, words) => {
    expect(terbilang(amount)).toBe(words);
  });

  it('reads English for Accept-Language en', () => {
    expect(terbilang(1500000, 'en')).toBe('One million five hundred thousand rupiah');
    expect(terbilang('21.25', 'en')).toBe('Twenty-one rupiah twenty-five cents');
    expect(terbilang(0, 'en')).toBe('Zero rupiah');
  });

  it('handles leading zeros and the largest amounts the product accepts', () => {
    expect(numberWordsId('000')).toBe('nol');
    expect(terbilang('9999999999999.99')).toBe(
      'Sembilan triliun sembilan ratus sembilan puluh sembilan miliar sembilan ratus sembilan puluh sembilan juta ' +
        'sembilan ratus sembilan puluh sembilan ribu sembilan ratus sembilan puluh sembilan rupiah sembilan puluh sembilan sen',
    );
  });
});
