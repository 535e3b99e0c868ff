/**
 * Issue 18, sign-in and account recovery: known and unknown numbers and
 * accounts answer alike (answer, status, timing); sign-in throttling that an
 * attacker cannot use to lock the owner out; password strength.
 */
import { describe, expect, it } from 'vitest';
import { body, newTenant, testApp } from './helpers.ts';

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; r: T }> {
  const s = performance.now();
  const r = await fn();
  return { ms: performance.now() - s, r };
}

describe('account recovery tells nobody which numbers are registered', () => {
  it('forget-password-otp answers known and unknown numbers alike, in the same time', async () => {
    const t = await newTenant();
    const app = t.app;
    const ask = (phoneNumber: string) => app.inject({ method: 'GET', url: '/api/users/forget-password-otp', query: { phoneNumber } });
    const known = await timed(() => ask(t.phone));
    const unknown = await timed(() => ask('081999999998'));
    expect(known.r.statusCode).toBe(unknown.r.statusCode);
    expect(known.r.body).toBe(unknown.r.body);
    // Both answers wait for the same floor, longer than the work of either.
    expect(known.ms).toBeGreaterThanOrEqual(240);
    expect(unknown.ms).toBeGreaterThanOrEqual(240);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(120);
  });

  it('forget-password-confirm locks an unknown number after 5 wrong codes, as a known one', async () => {
    const t = await newTenant();
    const app = t.app;
    const statuses = async (phoneNumber: string) => {
      await app.inject({ method: 'GET', url: '/api/users/forget-password-otp', query: { phoneNumber } });
      const out: number[] = [];
      for (let i = 0; i < 6; i++) {
        const r = await app.inject({
          method: 'POST',
          url: '/api/users/forget-password-confirm',
          payload: { phoneNumber, otp: '000000', newPassword: 'Sandi-Baru-2026-Kuat' },
        });
        out.push(r.statusCode);
      }
      return out;
    };
    const code = app.notifier.outbox.filter((n) => n.to === t.phone).at(-1)?.code;
    expect(code).not.toBe('000000');
    const known = await statuses(t.phone);
    const unknown = await statuses('081999999997');
    expect(known).toEqual([400, 400, 400, 400, 429, 429]);
    expect(unknown).toEqual(known);
  });

  it('register/resend-code answers an active account as it answers an unknown one', async () => {
    const t = await newTenant();
    const app = await testApp();
    const resend = (username: string) => app.inject({ method: 'POST', url: '/api/register/resend-code', payload: { username } });
    const active = await resend(t.email);
    const unknown = await resend(`nobody-${Date.now()}@test.koperasi.id`);
    expect(active.statusCode).toBe(unknown.statusCode);
    expect(body(active).data).toEqual(body(unknown).data);
    expect(body(active).message).toBe(body(unknown).message);
  });
});
