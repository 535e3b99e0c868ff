import { profileActivityQuery, profilePreferencesBody, profileUpdateBody } from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { ok } from '../../lib/http.ts';
import * as profile from './profile.service.ts';

export async function profileRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.patch(
    '/api/users/profile',
    {
      config: { auth: true },
      schema: { tags: ['profile'], summary: 'Update own first name, last name and phone', body: profileUpdateBody },
    },
    async (req) => ok(await profile.updateProfile(ctxOf(req), req.body), 'profile.updated'),
  );

  app.get(
    '/api/profile/activity',
    {
      config: { auth: true },
      schema: {
        tags: ['profile'],
        summary: 'Own sign-ins and recent actions, newest first (type all | signin | action)',
        querystring: profileActivityQuery,
      },
    },
    async (req) => ok(await profile.activity(ctxOf(req), req.query)),
  );

  app.get(
    '/api/profile/preferences',
    { config: { auth: true }, schema: { tags: ['profile'], summary: 'Own information, social links, notification and connections' } },
    async (req) => ok(await profile.getPreferences(ctxOf(req))),
  );

  app.patch(
    '/api/profile/preferences',
    {
      config: { auth: true },
      schema: {
        tags: ['profile'],
        summary: 'Save preference sections (each section given replaces the stored one)',
        body: profilePreferencesBody,
      },
    },
    async (req) => ok(await profile.updatePreferences(ctxOf(req), req.body), 'profile.preferences_saved'),
  );
}
