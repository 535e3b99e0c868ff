import {
  idParam,
  invitationAcceptBody,
  invitationCheckQuery,
  listQuery,
  organizationIdParam,
  pickerQuery,
  userAreaBody,
  userCoaBody,
  userCreateBody,
  userListQuery,
  userUpdateBody,
} from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import { ctxOf } from '../../lib/context.ts';
import { ok } from '../../lib/http.ts';
import { type ZodApp, zodApp } from '../../lib/routes.ts';
import * as invitation from './users.invitation.ts';
import * as lists from './users.lists.ts';
import type { UserDeps } from './users.rules.ts';
import * as users from './users.service.ts';

const TAG = 'users';
const depsOf = (app: ZodApp): UserDeps => ({ config: app.config, notifier: app.notifier });

export async function usersRoutes(appBase: FastifyInstance) {
  const app = zodApp(appBase);
  listRoutes(app);
  changeRoutes(app);
  assignmentRoutes(app);
  invitationRoutes(app);
}

function listRoutes(app: ZodApp) {
  app.get(
    '/api/users/datatable',
    {
      config: { permission: 'user_access:view' },
      schema: {
        tags: [TAG],
        summary: 'Users (search, page, limit (999 = all), position, isActive, roleId, branchId, areaId, sortBy, ascOrDesc)',
        querystring: userListQuery,
      },
    },
    async (req) => ok(await lists.listUsers(ctxOf(req), req.query)),
  );

  app.get(
    '/api/member/user/:organizationId/datatable',
    {
      config: { permission: 'user_access:view' },
      schema: {
        tags: [TAG],
        summary: 'Staff of an organization; the organization is a branch (organizationId = branch id)',
        params: organizationIdParam,
        querystring: userListQuery,
      },
    },
    async (req) => ok(await lists.listOrganizationUsers(ctxOf(req), req.params.organizationId, req.query)),
  );

  app.get(
    '/api/users/ao',
    {
      config: { auth: true },
      schema: {
        tags: [TAG],
        summary: 'Account officers (active users flagged isAccountOfficer) for pickers: name, position, role, branch, area',
        querystring: pickerQuery,
      },
    },
    async (req) => ok(await lists.listAccountOfficers(ctxOf(req), req.query)),
  );

  app.get(
    '/api/users/:id/detail',
    {
      config: { permission: 'user_access:view' },
      schema: { tags: [TAG], summary: 'One user with role, limits, branch, area and cash account', params: idParam },
    },
    async (req) => ok(await lists.userDetail(ctxOf(req), req.params.id)),
  );
}

function changeRoutes(app: ZodApp) {
  const deps = depsOf(app);
  app.post(
    '/api/users',
    {
      config: { permission: 'user_access:add' },
      schema: {
        tags: [TAG],
        summary: 'Add a user; an invitation to set the password is sent by e-mail (link and code) and SMS (code)',
        body: userCreateBody,
      },
    },
    async (req) => ok(await users.createUser(ctxOf(req), deps, req.body), 'access.user_created'),
  );

  app.patch(
    '/api/users',
    {
      config: { permission: 'user_access:update' },
      schema: {
        tags: [TAG],
        summary: 'Change a user (body.id); the last active SUPER ADMIN cannot be demoted or deactivated',
        body: userUpdateBody,
      },
    },
    async (req) => ok(await users.updateUser(ctxOf(req), deps, req.body), 'access.user_updated'),
  );

  app.patch(
    '/api/users/:id/activate',
    { config: { permission: 'user_access:update' }, schema: { tags: [TAG], summary: 'Activate a user', params: idParam } },
    async (req) => ok(await users.setActive(ctxOf(req), deps, req.params.id, true), 'access.user_activated'),
  );

  app.patch(
    '/api/users/:id/deactivate',
    {
      config: { permission: 'user_access:update' },
      schema: {
        tags: [TAG],
        summary: 'Deactivate a user and end their sessions (not the last SUPER ADMIN, not yourself)',
        params: idParam,
      },
    },
    async (req) => ok(await users.setActive(ctxOf(req), deps, req.params.id, false), 'access.user_deactivated'),
  );

  app.delete(
    '/api/users/:id/delete',
    {
      config: { permission: 'user_access:delete' },
      schema: {
        tags: [TAG],
        summary: 'Delete a user who never signed in (others are deactivated); never the last SUPER ADMIN',
        params: idParam,
      },
    },
    async (req) => {
      await users.deleteUser(ctxOf(req), req.params.id);
      return ok(null, 'access.user_deleted');
    },
  );

  app.post(
    '/api/users/:id/resend-invitation',
    {
      config: { permission: 'user_access:update' },
      schema: { tags: [TAG], summary: 'Send a new invitation to a user who has not set a password yet', params: idParam },
    },
    async (req) => ok(await invitation.resendInvitation(ctxOf(req), deps, req.params.id), 'access.invitation_sent'),
  );
}

function assignmentRoutes(app: ZodApp) {
  app.post(
    '/api/users/coa',
    {
      config: { permission: 'user_access:update' },
      schema: {
        tags: [TAG],
        summary: 'Assign a cash or bank account (postable, under 101, held by nobody else) to a user',
        body: userCoaBody,
      },
    },
    async (req) => ok(await users.assignCoa(ctxOf(req), req.body.userId, req.body.coaId), 'access.coa_assigned'),
  );

  app.delete(
    '/api/users/:id/coa',
    {
      config: { permission: 'user_access:delete' },
      schema: { tags: [TAG], summary: 'Take the cash or bank account away from a user', params: idParam },
    },
    async (req) => ok(await users.unassignCoa(ctxOf(req), req.params.id), 'access.coa_unassigned'),
  );

  app.post(
    '/api/users/area',
    {
      config: { permission: 'user_access:update' },
      schema: { tags: [TAG], summary: "Put a user in an area (a user without a branch takes the area's branch)", body: userAreaBody },
    },
    async (req) => ok(await users.assignArea(ctxOf(req), req.body.userId, req.body.areaId), 'access.area_assigned'),
  );

  app.delete(
    '/api/users/:id/area',
    { config: { permission: 'user_access:delete' }, schema: { tags: [TAG], summary: 'Take a user out of their area', params: idParam } },
    async (req) => ok(await users.unassignArea(ctxOf(req), req.params.id), 'access.area_unassigned'),
  );

  app.get(
    '/api/coa/assign-to-me',
    {
      config: { auth: true },
      schema: {
        tags: [TAG, 'agents'],
        summary: 'The cash or bank account(s) assigned to the signed-in user (agents: page 0, limit 1000)',
        querystring: listQuery,
      },
    },
    async (req) => ok(await lists.coaAssignedToMe(ctxOf(req), req.query)),
  );

  // ------------------------------------------------------------ invitation (public)
}

function invitationRoutes(app: ZodApp) {
  const deps = depsOf(app);
  const publicLimit = { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' };
  app.get(
    '/api/users/invitation',
    {
      config: { public: true, rateLimit: publicLimit },
      schema: { tags: [TAG], summary: 'Check an invitation link: who is invited to which cooperative', querystring: invitationCheckQuery },
    },
    async (req) => ok(await invitation.checkInvitation(app.db, deps, req.query.token)),
  );

  app.post(
    '/api/users/invitation/accept',
    {
      config: { public: true, rateLimit: publicLimit },
      schema: {
        tags: [TAG],
        summary: 'Set the password from an invitation (token from the link, or username and 6-digit code); single use, 72 hours',
        body: invitationAcceptBody,
      },
    },
    async (req) => {
      await invitation.acceptInvitation(app.db, deps, req.body, String(req.id));
      return ok(null, 'access.password_set');
    },
  );
}
