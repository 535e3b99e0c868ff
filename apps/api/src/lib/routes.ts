/**
 * Route files register routes and call services, nothing else. A long
 * `xRoutes(appBase)` is split into several `function groupRoutes(app: ZodApp)`
 * that it calls, each registering a few routes (docs/contributing.md "Shape").
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The Fastify instance with zod schemas as the type provider. */
export const zodApp = (appBase: FastifyInstance) => appBase.withTypeProvider<ZodTypeProvider>();
export type ZodApp = ReturnType<typeof zodApp>;
