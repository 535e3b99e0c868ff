/**
 * A payment's answer is serialised once (lib/http.ts withJsonText) for the stored answer and the response:
 * envelopeText must give exactly JSON.stringify's text, with and without the attached text.
 */
import { dec } from '@koperasi/finance';
import { describe, expect, it } from 'vitest';
import { envelopeText, ok, withJsonText } from '../src/lib/http.ts';

describe('envelopeText', () => {
  it('is JSON.stringify of the envelope, the data written from its attached text', () => {
    const answer = () => ({
      payment: { id: 'p', amount: dec('100000.50'), journalNumber: 'JU/2026/000001', description: 'a "quoted" \\ text' },
      loan: { remainingPrincipal: dec('1234567.89'), guarantor: null, tag: undefined, createdDate: '2026-11-27T22:00:00.000Z' },
    });
    const plain = ok(answer(), 'loan.paid');
    const once = ok(withJsonText(answer()), 'loan.paid');
    expect(envelopeText(once)).toBe(JSON.stringify(plain));
    expect(envelopeText(plain)).toBe(JSON.stringify(plain));
    // A translated message, as the response carries it.
    once.message = 'Pembayaran "berhasil"';
    plain.message = 'Pembayaran "berhasil"';
    expect(envelopeText(once)).toBe(JSON.stringify(plain));
    // Anything else than ok's four keys is serialised as it is.
    const extra = { ...ok(withJsonText(answer()), 'x'), more: 1 };
    expect(envelopeText(extra)).toBe(JSON.stringify(extra));
    expect(envelopeText(null)).toBe('null');
  });
});
