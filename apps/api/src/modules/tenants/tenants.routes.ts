import { onboardingBody, registerTenantBody, resendCodeBody, verifyCodeBody } from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { ok } from '../../lib/http.ts';
import { langOf, t } from '../../lib/i18n.ts';
import * as tenants from './tenants.service.ts';

export async function tenantRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const limit = { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' };

  app.post(
    '/api/register/tenant',
    {
      config: { public: true, rateLimit: limit },
      schema: { tags: ['registration'], summary: 'Register a new cooperative', body: registerTenantBody },
    },
    async (req) => {
      const r = await tenants.registerTenant(app.db, app.config, app.notifier, req.body, langOf(req));
      return ok({ status: r.status, email: r.email, phone: r.phone, expiresAt: r.expiresAt }, r.message);
    },
  );

  app.get(
    '/api/register/verification',
    {
      config: { public: true, rateLimit: limit },
      schema: {
        tags: ['registration'],
        summary: 'Activate a cooperative from the e-mailed link',
        querystring: z.object({ token: z.string().min(1, 'auth.link_invalid') }),
      },
    },
    async (req) => {
      const r = await tenants.activateByLink(app.db, app.config, req.query.token);
      return ok({ status: r.status }, r.message);
    },
  );

  app.post(
    '/api/register/verify-code',
    {
      config: { public: true, rateLimit: limit },
      schema: { tags: ['registration'], summary: 'Activate a cooperative with the 6-digit code', body: verifyCodeBody },
    },
    async (req) => {
      const r = await tenants.activateByCode(app.db, req.body.username, req.body.code);
      return ok({ status: r.status }, r.message);
    },
  );

  app.post(
    '/api/register/resend-code',
    {
      config: { public: true, rateLimit: limit },
      schema: { tags: ['registration'], summary: 'Send a new activation code', body: resendCodeBody },
    },
    async (req) => {
      const r = await tenants.resendActivationCode(app.db, app.config, app.notifier, req.body.username, langOf(req), (err) =>
        req.log.error({ err }, 'activation code not sent'),
      );
      return ok(r, 'auth.code_sent');
    },
  );

  app.get(
    '/api/tenant/onboarding',
    { config: { auth: true }, schema: { tags: ['onboarding'], summary: 'Onboarding step and stored configuration' } },
    async (req) => ok(await tenants.onboardingState(ctxOf(req))),
  );

  app.post(
    '/api/tenant/onboarding',
    {
      config: { permission: 'settings:update' },
      schema: {
        tags: ['onboarding'],
        summary: 'Finish the onboarding wizard (savings and loan product configuration)',
        body: onboardingBody,
      },
    },
    async (req) => {
      const r = await tenants.finishOnboarding(ctxOf(req), req.body);
      const message = t(req, 'auth.onboarding_success', { product: r.name });
      return ok({ code: 200, status: true, stepConfiguration: r.stepConfiguration, message }, message);
    },
  );

  app.post(
    '/api/tenant/onboarding/complete',
    { config: { permission: 'settings:update' }, schema: { tags: ['onboarding'], summary: 'Leave the onboarding for the app' } },
    async (req) => ok(await tenants.completeOnboarding(ctxOf(req))),
  );
}
