import { onboardingStep as contractsStep } from '@koperasi/contracts/auth';
import { describe, expect, it } from 'vitest';
import { user } from '../../test/fixtures';
import { authReducer, homePath, initialAuthState, onboardingStep } from './machine';

describe('auth state machine (spec section 4)', () => {
  it('starts loading', () => {
    expect(initialAuthState).toEqual({ status: 'loading', user: null, step: null });
  });

  it('goes unauthenticated at once without a token', () => {
    expect(authReducer(initialAuthState, { type: 'NO_TOKEN' }).status).toBe('unauthenticated');
  });

  it('is authenticated with the user and the onboarding step once the detail arrives', () => {
    const s = authReducer(initialAuthState, { type: 'DETAIL_OK', user: user({}, 1) });
    expect(s.status).toBe('authenticated');
    expect(s.user?.fullName).toBe('Admin Demo');
    expect(s.step).toBe(1);
  });

  it('is unauthenticated when the detail fails, and after logout', () => {
    expect(authReducer(initialAuthState, { type: 'DETAIL_FAILED' })).toEqual({ status: 'unauthenticated', user: null, step: null });
    const signedIn = authReducer(initialAuthState, { type: 'DETAIL_OK', user: user() });
    expect(authReducer(signedIn, { type: 'LOGOUT' })).toEqual({ status: 'unauthenticated', user: null, step: null });
  });

  it('sets the step only when signed in', () => {
    const signedIn = authReducer(initialAuthState, { type: 'DETAIL_OK', user: user({}, 1) });
    expect(authReducer(signedIn, { type: 'SET_STEP', step: 3 }).step).toBe(3);
    expect(authReducer(initialAuthState, { type: 'SET_STEP', step: 3 }).step).toBeNull();
  });

  it('maps stepConfiguration exactly like the contracts helper: 1 → 1, 2 → 3, other → 4', () => {
    for (const n of [0, 1, 2, 3, 4, 7, -1]) expect(onboardingStep(n)).toBe(contractsStep(n));
    expect([1, 2, 3].map(onboardingStep)).toEqual([1, 3, 4]);
  });

  it('sends agents to /dashboard-agent and everyone else to /dashboard', () => {
    expect(homePath(user())).toBe('/dashboard');
    expect(homePath(user({ isAgent: true, role: { id: 'r', name: 'AGENT', code: 'AGENT' } }))).toBe('/dashboard-agent');
  });
});
