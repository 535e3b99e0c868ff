/**
 * Amounts in words for receipts ("terbilang"), as Indonesian cooperatives
 * print them under the figure: 1.500.000 → "Satu juta lima ratus ribu rupiah".
 *
 * Rules of Indonesian numerals: 1 is "satu" but 10, 11, 100 and 1.000 are
 * "sepuluh", "sebelas", "seratus", "seribu" (only for the thousands group, so
 * 1.000.000 is "satu juta"); 12-19 are "<n> belas"; scales ribu, juta,
 * miliar, triliun, then "ribu triliun". Cents are read as "<n> sen" after
 * "rupiah" (Rp 1.250,50 → "Seribu dua ratus lima puluh rupiah lima puluh sen").
 * English (for Accept-Language en) follows the short scale: "one million five
 * hundred thousand rupiah".
 */
import { type DecInput, dec } from './money.ts';

const ID_UNITS = ['', 'satu', 'dua', 'tiga', 'empat', 'lima', 'enam', 'tujuh', 'delapan', 'sembilan'];
const ID_SCALES = ['', 'ribu', 'juta', 'miliar', 'triliun', 'ribu triliun', 'juta triliun'];

/** Words of 1..999 in Indonesian ('' for 0). */
function idHundreds(n: number): string {
  const h = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (h === 1) parts.push('seratus');
  else if (h > 1) parts.push(`${ID_UNITS[h]} ratus`);
  if (rest === 10) parts.push('sepuluh');
  else if (rest === 11) parts.push('sebelas');
  else if (rest > 11 && rest < 20) parts.push(`${ID_UNITS[rest - 10]} belas`);
  else if (rest >= 20) {
    const t = Math.floor(rest / 10);
    const u = rest % 10;
    parts.push(`${ID_UNITS[t]} puluh`);
    if (u) parts.push(ID_UNITS[u]);
  } else if (rest > 0) parts.push(ID_UNITS[rest]);
  return parts.join(' ');
}

/** Split a non-negative integer (as decimal text) into groups of three digits, most significant first. */
function groups(intText: string): number[] {
  const out: number[] = [];
  for (let end = intText.length; end > 0; end -= 3) out.unshift(Number(intText.slice(Math.max(0, end - 3), end)));
  return out;
}

/** Indonesian words of a non-negative integer given as decimal text ("nol" for 0). */
export function numberWordsId(intText: string): string {
  const g = groups(intText.replace(/^0+(?=\d)/, ''));
  if (g.length > ID_SCALES.length) throw new RangeError('number too large for words');
  const parts: string[] = [];
  g.forEach((value, i) => {
    if (!value) return;
    const scale = ID_SCALES[g.length - 1 - i];
    if (scale === 'ribu' && value === 1) parts.push('seribu');
    else parts.push([idHundreds(value), scale].filter(Boolean).join(' '));
  });
  return parts.length ? parts.join(' ') : 'nol';
}

const EN_UNITS = [
  '',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const EN_SCALES = ['', 'thousand', 'million', 'billion', 'trillion', 'quadrillion', 'quintillion'];

function enHundreds(n: number): string {
  const h = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (h) parts.push(`${EN_UNITS[h]} hundred`);
  if (rest >= 20) parts.push(EN_TENS[Math.floor(rest / 10)] + (rest % 10 ? `-${EN_UNITS[rest % 10]}` : ''));
  else if (rest) parts.push(EN_UNITS[rest]);
  return parts.join(' ');
}

/** English words of a non-negative integer given as decimal text ("zero" for 0). */
export function numberWordsEn(intText: string): string {
  const g = groups(intText.replace(/^0+(?=\d)/, ''));
  if (g.length > EN_SCALES.length) throw new RangeError('number too large for words');
  const parts: string[] = [];
  g.forEach((value, i) => {
    if (!value) return;
    parts.push([enHundreds(value), EN_SCALES[g.length - 1 - i]].filter(Boolean).join(' '));
  });
  return parts.length ? parts.join(' ') : 'zero';
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * A rupiah amount in words, capitalised, ending in "rupiah" (and "<n> sen"
 * for cents): terbilang(1500000) → "Satu juta lima ratus ribu rupiah".
 * Negative amounts start with "minus".
 */
export function terbilang(amount: DecInput, lang: 'id' | 'en' = 'id'): string {
  const d = dec(amount).toDecimalPlaces(2);
  const [int, frac = '00'] = d.abs().toFixed(2).split('.');
  const cents = Number(frac);
  const words = lang === 'en' ? numberWordsEn : numberWordsId;
  let text = `${words(int)} rupiah`;
  if (cents) text += ` ${words(String(cents))} ${lang === 'en' ? 'cents' : 'sen'}`;
  if (d.isNegative() && !d.isZero()) text = `minus ${text}`;
  return capitalize(text);
}
