import {
  adArtListQuery,
  collectabilityPatchBody,
  collectabilitySetBody,
  configurationBody,
  configurationQuery,
  idParam,
  memberFeatureQuery,
  tenantUpdateBody,
} from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import { ctxOf } from '../../lib/context.ts';
import { ok } from '../../lib/http.ts';
import { type ZodApp, zodApp } from '../../lib/routes.ts';
import * as collectability from './collectability.ts';
import * as configuration from './configuration.ts';
import * as settings from './settings.service.ts';
import { contentDisposition } from './upload.ts';

const TAG_TENANT = 'settings: cooperative';
const TAG_COLLECT = 'settings: collectability';
const TAG_CONFIG = 'settings: configuration';
const TAG_ADART = 'settings: AD/ART';

export async function settingsRoutes(appBase: FastifyInstance) {
  const app = zodApp(appBase);
  cooperativeRoutes(app);
  collectabilityRoutes(app);
  configurationRoutes(app);
  adArtRoutes(app);
}

function cooperativeRoutes(app: ZodApp) {
  // ------------------------------------------------------------ cooperative

  app.get(
    '/api/tenant/detail',
    {
      config: { permission: 'settings:view' },
      schema: { tags: [TAG_TENANT], summary: 'Cooperative details: legal entity, address, contacts, fiscal year, logo, officers' },
    },
    async (req) => ok(await settings.tenantDetail(ctxOf(req))),
  );

  app.patch(
    '/api/tenant',
    {
      config: { permission: 'settings:update' },
      schema: {
        tags: [TAG_TENANT],
        summary: 'Change cooperative details; `officers` (pengurus and pengawas with titles), when given, replaces the list',
        body: tenantUpdateBody,
      },
    },
    async (req) => ok(await settings.updateTenant(ctxOf(req), req.body), 'settings.tenant_updated'),
  );

  app.post(
    '/api/tenant/logo',
    {
      config: { permission: 'settings:update' },
      schema: {
        tags: [TAG_TENANT],
        summary: 'Upload the cooperative logo (multipart field `file`: JPEG, PNG or WebP up to 5 MB; stored as PNG, at most 1024 px)',
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => ok(await settings.uploadLogo(ctxOf(req), app.storage, req), 'settings.logo_saved'),
  );

  app.get(
    '/api/tenant/logo',
    { config: { auth: true }, schema: { tags: [TAG_TENANT], summary: 'Download the cooperative logo (PNG)' } },
    async (req, reply) => {
      const file = await settings.readLogo(ctxOf(req), app.storage);
      return reply.type(file.contentType).header('cache-control', 'private, max-age=3600').send(file.body);
    },
  );

  app.delete(
    '/api/tenant/logo',
    { config: { permission: 'settings:delete' }, schema: { tags: [TAG_TENANT], summary: 'Remove the cooperative logo' } },
    async (req) => {
      await settings.removeLogo(ctxOf(req), app.storage);
      return ok(null, 'settings.logo_removed');
    },
  );
}

function collectabilityRoutes(app: ZodApp) {
  // ------------------------------------------------------------ collectability

  app.get(
    '/api/tenant/collectability',
    {
      config: { permission: 'settings:view' },
      schema: { tags: [TAG_COLLECT], summary: 'Loan collectability grades with days late from/until, calculation type and PPAP percent' },
    },
    async (req) => ok(await collectability.getCollectability(ctxOf(req))),
  );

  app.post(
    '/api/tenant/collectability',
    {
      config: { permission: 'settings:update' },
      schema: {
        tags: [TAG_COLLECT],
        summary: 'Replace the four collectability grades (ranges from 0, without gaps or overlaps, MACET open-ended)',
        body: collectabilitySetBody,
      },
    },
    async (req) => ok(await collectability.setCollectability(ctxOf(req), req.body), 'settings.collectability_saved'),
  );

  app.patch(
    '/api/tenant/collectability',
    {
      config: { permission: 'settings:update' },
      schema: {
        tags: [TAG_COLLECT],
        summary: 'Change some collectability grades (by grade or id) or the calculation type; the resulting set is validated whole',
        body: collectabilityPatchBody,
      },
    },
    async (req) => ok(await collectability.patchCollectability(ctxOf(req), req.body), 'settings.collectability_saved'),
  );
}

function configurationRoutes(app: ZodApp) {
  // ------------------------------------------------------------ configuration

  app.get(
    '/api/configuration',
    {
      config: { permission: 'settings:view' },
      schema: {
        tags: [TAG_CONFIG],
        summary: 'Cooperative configuration: every key with its effective value (or one, with ?key=)',
        querystring: configurationQuery,
      },
    },
    async (req) => ok(await configuration.readConfiguration(ctxOf(req), req.query.key)),
  );

  app.post(
    '/api/configuration',
    {
      config: { permission: 'settings:update' },
      schema: {
        tags: [TAG_CONFIG],
        summary:
          'Save configuration: {<key>: {<field>: value}} for keys cooperativeRegulation, mobileApps, memberServices, cifNumber, transactionPolicy',
        body: configurationBody,
      },
    },
    async (req) => ok(await configuration.saveConfiguration(ctxOf(req), req.body), 'settings.configuration_saved'),
  );

  // ------------------------------------------------------------ member features

  for (const url of ['/api/member/fetaure', '/api/member/feature']) {
    app.get(
      url,
      {
        config: { auth: true },
        schema: {
          tags: [TAG_CONFIG],
          summary:
            url === '/api/member/fetaure'
              ? 'Is a member feature available? action = MOBILE_APP, ONLINE_WITHDRAWAL, ONLINE_LOAN, PPOB or TRANSFER'
              : 'Alias of member/fetaure (spec spelling)',
          querystring: memberFeatureQuery,
        },
      },
      async (req) => ok(await settings.memberFeature(ctxOf(req), req.query.action)),
    );
  }
}

function adArtRoutes(app: ZodApp) {
  // ------------------------------------------------------------ AD/ART

  app.get(
    '/api/ad-art/datatable',
    {
      config: { auth: true },
      schema: {
        tags: [TAG_ADART],
        summary: 'AD/ART documents (search, page, limit, sortBy, ascOrDesc, documentType)',
        querystring: adArtListQuery,
      },
    },
    async (req) => ok(await settings.listAdArt(ctxOf(req), req.query)),
  );

  app.post(
    '/api/ad-art',
    {
      config: { permission: 'settings:add' },
      schema: {
        tags: [TAG_ADART],
        summary:
          'Upload an AD/ART document (multipart: `file` PDF/JPEG/PNG/WebP up to 10 MB, `title`, `description`, `documentType` AD/ART/LAINNYA)',
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => ok(await settings.uploadAdArt(ctxOf(req), app.storage, req), 'settings.ad_art_uploaded'),
  );

  app.get(
    '/api/ad-art/:id/download',
    { config: { auth: true }, schema: { tags: [TAG_ADART], summary: 'Download an AD/ART document', params: idParam } },
    async (req, reply) => {
      const file = await settings.readAdArt(ctxOf(req), app.storage, req.params.id);
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  app.delete(
    '/api/ad-art/:id/delete',
    { config: { permission: 'settings:delete' }, schema: { tags: [TAG_ADART], summary: 'Delete an AD/ART document', params: idParam } },
    async (req) => {
      await settings.deleteAdArt(ctxOf(req), app.storage, req.params.id);
      return ok(null, 'settings.ad_art_deleted');
    },
  );
}
