/**
 * The auth state machine of spec section 4, as a pure reducer:
 *
 *   loading --DETAIL_OK--> authenticated
 *   loading --DETAIL_FAILED / NO_TOKEN--> unauthenticated
 *   unauthenticated --DETAIL_OK (after sign-in)--> authenticated
 *   authenticated --LOGOUT / DETAIL_FAILED--> unauthenticated
 *
 * The onboarding step follows the tenant's stepConfiguration
 * (1 → step 1, 2 → step 3, other → step 4 = the app).
 */
import type { UserDetail } from '@koperasi/contracts/web';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthState {
  status: AuthStatus;
  user: UserDetail | null;
  /** Onboarding step: 1 wizard, 3 finished (confirm), 4 done. */
  step: 1 | 3 | 4 | null;
}

export type AuthEvent =
  | { type: 'NO_TOKEN' }
  | { type: 'DETAIL_OK'; user: UserDetail }
  | { type: 'DETAIL_FAILED' }
  | { type: 'LOGOUT' }
  | { type: 'SET_STEP'; step: 1 | 3 | 4 };

/**
 * `onboardingStep` of packages/contracts/src/auth.ts, repeated here because
 * that module also builds zod schemas the sign-in page does not need; a unit
 * test keeps the two identical.
 */
export function onboardingStep(stepConfiguration: number): 1 | 3 | 4 {
  if (stepConfiguration === 1) return 1;
  if (stepConfiguration === 2) return 3;
  return 4;
}

export const initialAuthState: AuthState = { status: 'loading', user: null, step: null };

export function authReducer(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case 'NO_TOKEN':
    case 'DETAIL_FAILED':
    case 'LOGOUT':
      return { status: 'unauthenticated', user: null, step: null };
    case 'DETAIL_OK':
      return { status: 'authenticated', user: event.user, step: onboardingStep(event.user.tenant.stepConfiguration) };
    case 'SET_STEP':
      return state.status === 'authenticated' ? { ...state, step: event.step } : state;
    default:
      return state;
  }
}

/** Where a signed-in user starts: agents on their own dashboard (spec section 2). */
export function homePath(user: UserDetail | null): string {
  return user?.isAgent || user?.role.code === 'AGENT' ? '/dashboard-agent' : '/dashboard';
}
