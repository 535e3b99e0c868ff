/**
 * Auth context: the state machine of machine.ts driven by the real calls.
 *  - start: a session in this browser (token.ts) → GET /api/users/detail →
 *    authenticated; a failing detail forgets it → unauthenticated; none →
 *    unauthenticated.
 *  - sign-in: POST /oauth/token (the server sets the HttpOnly cookie) → GET /api/users/success-login →
 *    GET /api/users/detail → step → the after-login hooks (features'
 *    `after-login.ts`, e.g. the open-items listing of the loans area).
 *  - sign-out: POST /api/users/logout (the server clears the cookies), every cached query
 *    dropped, state reset.
 *  - a 401 from any call re-checks the session with users/detail.
 */
import { hasPermission, type MenuSection, type PermissionAction } from '@koperasi/contracts/permissions';
import type { UserDetail } from '@koperasi/contracts/web';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useReducer, useRef } from 'react';
import { clearPageViews, flushPageViews } from '../activity/pageViews';
import { onUnauthorized } from '../api/client';
import { fetchUserDetail, recordSuccessLogin, requestToken, revokeSession } from './api';
import { type AuthState, authReducer, initialAuthState } from './machine';
import { forgetSession, hasSession } from './token';

export interface AfterLoginContext {
  user: UserDetail;
  queryClient: QueryClient;
}
export type AfterLoginHook = (ctx: AfterLoginContext) => void | Promise<void>;

export interface AuthContextValue extends AuthState {
  login(username: string, password: string): Promise<UserDetail>;
  logout(): Promise<void>;
  /** Reload users/detail (after onboarding, profile changes); signs out when it fails. */
  refreshUser(): Promise<UserDetail | null>;
  setStep(step: 1 | 3 | 4): void;
  /** The role grants `action` (default view) on the menu section. */
  can(section: MenuSection, action?: PermissionAction): boolean;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children, afterLogin }: { children: ReactNode; afterLogin?: AfterLoginHook }) {
  const [state, dispatch] = useReducer(authReducer, initialAuthState);
  const queryClient = useQueryClient();
  const checking = useRef<Promise<UserDetail | null> | null>(null);

  const refreshUser = useCallback(async () => {
    // One check at a time; the promise is forgotten once settled (never before it is stored).
    if (checking.current) return checking.current;
    const run = async (): Promise<UserDetail | null> => {
      if (!hasSession()) {
        dispatch({ type: 'NO_TOKEN' });
        return null;
      }
      try {
        const user = await fetchUserDetail();
        dispatch({ type: 'DETAIL_OK', user });
        return user;
      } catch {
        forgetSession();
        queryClient.clear();
        dispatch({ type: 'DETAIL_FAILED' });
        return null;
      }
    };
    const p: Promise<UserDetail | null> = run().finally(() => {
      if (checking.current === p) checking.current = null;
    });
    checking.current = p;
    return p;
  }, [queryClient]);

  useEffect(() => {
    void refreshUser();
  }, [refreshUser]);

  useEffect(() => onUnauthorized(() => void refreshUser()), [refreshUser]);

  const login = useCallback(
    async (username: string, password: string) => {
      await requestToken(username.trim(), password);
      clearPageViews();
      // Recording the sign-in must not stop it.
      await recordSuccessLogin().catch(() => undefined);
      let user: UserDetail;
      try {
        user = await fetchUserDetail();
      } catch (err) {
        forgetSession();
        dispatch({ type: 'DETAIL_FAILED' });
        throw err;
      }
      queryClient.clear();
      dispatch({ type: 'DETAIL_OK', user });
      if (afterLogin) {
        Promise.resolve()
          .then(() => afterLogin({ user, queryClient }))
          .catch((err) => console.warn('after-login hook failed', err));
      }
      return user;
    },
    [queryClient, afterLogin],
  );

  const logout = useCallback(async () => {
    await flushPageViews().catch(() => undefined);
    if (hasSession()) await revokeSession().catch(() => undefined);
    forgetSession();
    clearPageViews();
    queryClient.clear();
    dispatch({ type: 'LOGOUT' });
  }, [queryClient]);

  const setStep = useCallback((step: 1 | 3 | 4) => dispatch({ type: 'SET_STEP', step }), []);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      login,
      logout,
      refreshUser,
      setStep,
      can: (section, action = 'view') => hasPermission(state.user?.permissions, section, action),
    }),
    [state, login, logout, refreshUser, setStep],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}

/** The signed-in user's id, or null (signed out, or outside the auth provider). */
export function useOptionalUserId(): string | null {
  return useContext(AuthContext)?.user?.id ?? null;
}

/** The signed-in user (inside guarded routes). */
export function useUser(): UserDetail {
  const { user } = useAuth();
  if (!user) throw new Error('useUser without a signed-in user');
  return user;
}
