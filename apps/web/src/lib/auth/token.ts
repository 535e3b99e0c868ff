/** The access token lives in the cookie `token` for 7 days (spec section 9). */
import Cookies from 'js-cookie';

export const TOKEN_COOKIE = 'token';
export const TOKEN_DAYS = 7;

export function getToken(): string | null {
  return Cookies.get(TOKEN_COOKIE) ?? null;
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, {
    expires: TOKEN_DAYS,
    sameSite: 'strict',
    secure: window.location.protocol === 'https:',
    path: '/',
  });
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
}
