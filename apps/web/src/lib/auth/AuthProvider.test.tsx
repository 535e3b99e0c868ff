import type { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { user } from '../../test/fixtures';
import { ok, Providers, stubFetch, testQueryClient } from '../../test/render';
import { type AuthContextValue, useAuth } from './AuthProvider';

let auth: AuthContextValue;
function Probe() {
  auth = useAuth();
  return <span data-testid="status">{auth.status}</span>;
}

function mount(client: QueryClient = testQueryClient()) {
  return render(
    <Providers client={client} auth>
      <Probe />
    </Providers>,
  );
}

describe('AuthProvider', () => {
  it('without a token is unauthenticated and calls nothing', async () => {
    const calls = stubFetch(() => ({ body: {} }));
    mount();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated'));
    expect(calls).toHaveLength(0);
  });

  it('with a session fetches the user detail (the browser sends the cookie) and is authenticated', async () => {
    Cookies.set('csrf_token', 'tok-1');
    const calls = stubFetch((url) => (url.pathname === '/api/users/detail' ? { body: ok(user()) } : { status: 404 }));
    mount();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    expect(calls[0]!.url.pathname).toBe('/api/users/detail');
    expect(new Headers(calls[0]!.init.headers).get('Authorization')).toBeNull();
    expect(new Headers(calls[0]!.init.headers).get('Accept-Language')).toBe('id');
    expect(auth.user?.tenant.name).toBe('Koperasi Demo Sejahtera');
    expect(auth.step).toBe(4);
    expect(auth.can('member', 'add')).toBe(true);
    expect(auth.can('member', 'delete')).toBe(false);
    expect(auth.can('report')).toBe(false);
  });

  it('forgets the session and signs out when the user detail fails', async () => {
    Cookies.set('csrf_token', 'expired');
    stubFetch(() => ({
      status: 401,
      body: { status: false, code: 401, message: 'Sesi Anda tidak valid', error: 'x', errorCode: 'UNAUTHORIZED', data: null },
    }));
    mount();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated'));
    expect(Cookies.get('csrf_token')).toBeUndefined();
  });

  it('signs in: token (kept by the server in its cookie), success-login, user detail, in that order', async () => {
    const calls = stubFetch((url) => {
      if (url.pathname === '/oauth/token') {
        Cookies.set('csrf_token', 'c'); // as the server's Set-Cookie would
        return { body: { token_type: 'cookie', expires_in: 604800 } };
      }
      if (url.pathname === '/api/users/success-login') return { body: ok(null) };
      if (url.pathname === '/api/users/detail') return { body: ok(user({}, 1)) };
      return { status: 404 };
    });
    mount();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated'));
    await act(() => auth.login(' demo@koperasi.id ', 'Demo12345!'));
    expect(calls.map((c) => c.url.pathname)).toEqual(['/oauth/token', '/api/users/success-login', '/api/users/detail']);
    const token = calls[0]!;
    expect(token.url.searchParams.get('username')).toBe('demo@koperasi.id');
    expect(token.url.searchParams.get('grant_type')).toBe('password');
    expect(new Headers(token.init.headers).get('Authorization')).toBe(`Basic ${btoa('web:web-secret')}`);
    expect(new Headers(token.init.headers).get('X-Session')).toBe('cookie');
    expect(new Headers(calls[2]!.init.headers).get('Authorization')).toBeNull();
    expect(auth.status).toBe('authenticated');
    expect(auth.step).toBe(1);
  });

  it('reloads the user detail after signing in from a signed-out start (onboarding steps)', async () => {
    let step = 1;
    const calls = stubFetch((url) => {
      if (url.pathname === '/oauth/token') {
        Cookies.set('csrf_token', 'c'); // as the server's Set-Cookie would
        return { body: { token_type: 'cookie', expires_in: 1 } };
      }
      if (url.pathname === '/api/users/detail') return { body: ok(user({}, step)) };
      return { body: ok(null) };
    });
    mount();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated'));
    await act(() => auth.login('a@b.id', 'x'));
    expect(auth.step).toBe(1);
    step = 2;
    await act(() => auth.refreshUser());
    expect(auth.step).toBe(3);
    step = 3;
    await act(() => auth.refreshUser());
    expect(auth.step).toBe(4);
    expect(calls.filter((c) => c.url.pathname === '/api/users/detail')).toHaveLength(3);
  });

  it("shows the spec's sentence for 'Bad credentials'", async () => {
    stubFetch(() => ({ status: 400, body: { error: 'invalid_grant', error_description: 'Bad credentials' } }));
    mount();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated'));
    await expect(auth.login('a@b.id', 'x')).rejects.toThrow(
      'Alamat email atau kata sandi yang Anda masukkan salah. Silakan ulangi kembali.',
    );
    expect(Cookies.get('csrf_token')).toBeUndefined();
  });

  it("shows other errors' description, and the spec's text for an answer without a token", async () => {
    stubFetch(() => ({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Akun Anda tidak aktif, hubungi admin koperasi' },
    }));
    mount();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated'));
    await expect(auth.login('a@b.id', 'x')).rejects.toThrow('Akun Anda tidak aktif, hubungi admin koperasi');
    stubFetch(() => ({ status: 200, body: {} }));
    await expect(auth.login('a@b.id', 'x')).rejects.toThrow('Email/nomor ponsel atau kata sandi salah');
  });

  it('signs out: revokes the session, clears the cookie and every cached query', async () => {
    Cookies.set('csrf_token', 'tok-2');
    const calls = stubFetch((url) => (url.pathname === '/api/users/detail' ? { body: ok(user()) } : { body: ok(null) }));
    const client = testQueryClient();
    client.setQueryData(['members', 'list'], { content: [1, 2, 3] });
    mount(client);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    await act(() => auth.logout());
    expect(calls.some((c) => c.url.pathname === '/api/users/logout' && c.init.method === 'POST')).toBe(true);
    expect(Cookies.get('csrf_token')).toBeUndefined();
    expect(client.getQueryData(['members', 'list'])).toBeUndefined();
    expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated');
  });

  it('re-checks the session after a 401 and signs out when it is gone', async () => {
    Cookies.set('csrf_token', 'tok-3');
    let revoked = false;
    stubFetch((url) => {
      if (url.pathname === '/api/users/detail')
        return revoked ? { status: 401, body: { status: false, code: 401, message: 'x' } } : { body: ok(user()) };
      return { status: 401, body: { status: false, code: 401, message: 'x' } };
    });
    mount();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    revoked = true;
    const { api } = await import('../api/client');
    await expect(api('/api/member/datatable')).rejects.toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated'));
    expect(Cookies.get('csrf_token')).toBeUndefined();
  });
});
