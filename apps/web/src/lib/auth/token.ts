/**
 * The session (spec section 9: the cookie `token`, 7 days) is kept by the
 * server in an HttpOnly cookie that scripts cannot read (issue 18): the
 * browser sends it with every same-origin request. Scripts read only
 * `csrf_token`, the value they echo in `X-CSRF-Token` on writes; its presence
 * says a session was opened in this browser (the server's answer decides).
 */
import Cookies from 'js-cookie';

export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'X-CSRF-Token';

export function csrfToken(): string | null {
  return Cookies.get(CSRF_COOKIE) ?? null;
}

/** A session was opened in this browser and not closed (it may still have expired: users/detail decides). */
export function hasSession(): boolean {
  return csrfToken() !== null;
}

/** Forget the session locally (the server clears both cookies at logout). */
export function forgetSession(): void {
  Cookies.remove(CSRF_COOKIE, { path: '/' });
}
