import { changePasswordBody, forgetPasswordConfirmBody, forgetPasswordOtpQuery, loginQuery, translate } from '@koperasi/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { ok } from '../../lib/http.ts';
import { langOf } from '../../lib/i18n.ts';
import { clearSessionCookies, setSessionCookies } from '../../lib/web-session.ts';
import * as auth from './auth.service.ts';

function clientCredentials(req: FastifyRequest, body: Record<string, unknown>): { id?: string; secret?: string } {
  const h = req.headers.authorization;
  if (h?.toLowerCase().startsWith('basic ')) {
    const decoded = Buffer.from(h.slice(6).trim(), 'base64').toString('utf8');
    const i = decoded.indexOf(':');
    if (i >= 0) return { id: decoded.slice(0, i), secret: decoded.slice(i + 1) };
  }
  return { id: body.client_id as string | undefined, secret: body.client_secret as string | undefined };
}

function oauthError(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });
}

export async function authRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const authLimit = { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' };

  /** OAuth2 password grant: answers in OAuth2 form, not in the envelope. */
  app.post(
    '/oauth/token',
    {
      config: { public: true, rateLimit: authLimit },
      schema: { tags: ['auth'], summary: 'Sign in (OAuth2 password grant)', querystring: loginQuery },
    },
    async (req, reply) => {
      const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
      const params = { ...body, ...req.query } as Record<string, string | undefined>;
      const lang = langOf(req);
      const client = clientCredentials(req, body);
      if (client.id !== app.config.oauthClientId || client.secret !== app.config.oauthClientSecret) {
        return oauthError(reply, 401, 'invalid_client', translate('auth.bad_client', lang));
      }
      if ((params.grant_type ?? 'password') !== 'password') {
        return oauthError(reply, 400, 'unsupported_grant_type', translate('auth.unsupported_grant', lang));
      }
      try {
        const token = await auth.login(app.db, app.config, {
          username: params.username,
          password: params.password,
          ip: req.ip,
          userAgent: (req.headers['user-agent'] as string | undefined) ?? null,
          lang,
        });
        reply.header('cache-control', 'no-store');
        if (req.headers['x-session'] === 'cookie') {
          // The web app: the token goes into the HttpOnly cookie, never to the page's scripts.
          setSessionCookies(req, reply, token.access_token, token.expires_in);
          const { access_token: _hidden, ...rest } = token;
          return reply.send({ ...rest, token_type: 'cookie' });
        }
        return reply.send(token);
      } catch (err) {
        if (err instanceof auth.OAuthError) {
          if (err.retryAfter) reply.header('retry-after', String(err.retryAfter));
          return oauthError(reply, err.statusCode, err.error, err.description);
        }
        throw err;
      }
    },
  );

  app.get(
    '/api/users/success-login',
    { config: { auth: true }, schema: { tags: ['auth'], summary: 'Record a successful sign-in' } },
    async (req) => {
      await auth.recordSuccessLogin(ctxOf(req));
      return ok(null, 'auth.login_recorded');
    },
  );

  app.get(
    '/api/users/detail',
    { config: { auth: true }, schema: { tags: ['auth'], summary: 'The signed-in user, role, permissions and cooperative' } },
    async (req) => ok(await auth.userDetail(ctxOf(req))),
  );

  app.post(
    '/api/users/logout',
    { config: { auth: true, idempotency: 'off' }, schema: { tags: ['auth'], summary: 'Sign out: revoke this token' } },
    async (req, reply) => {
      await auth.logout(ctxOf(req));
      clearSessionCookies(req, reply);
      return ok(null, 'auth.logged_out');
    },
  );

  app.patch(
    '/api/users/change-password',
    { config: { auth: true }, schema: { tags: ['auth'], summary: 'Change own password', body: changePasswordBody } },
    async (req) => {
      await auth.changePassword(ctxOf(req), req.body.oldPassword, req.body.newPassword);
      return ok(null, 'auth.password_changed');
    },
  );

  app.get(
    '/api/users/forget-password-otp',
    {
      config: { public: true, rateLimit: authLimit },
      schema: { tags: ['auth'], summary: 'Send a password reset OTP by SMS', querystring: forgetPasswordOtpQuery },
    },
    async (req) => {
      await auth.requestPasswordOtp(app.db, app.notifier, req.query.phoneNumber, langOf(req), (err) =>
        req.log.error({ err }, 'password reset code not sent'),
      );
      return ok(null, 'auth.otp_sent');
    },
  );

  app.post(
    '/api/users/forget-password-confirm',
    {
      config: { public: true, rateLimit: authLimit },
      schema: { tags: ['auth'], summary: 'Reset the password with the OTP', body: forgetPasswordConfirmBody },
    },
    async (req) => {
      await auth.confirmPasswordReset(app.db, req.body.phoneNumber, req.body.otp, req.body.newPassword, String(req.id));
      return ok(null, 'auth.password_reset');
    },
  );
}
