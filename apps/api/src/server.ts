/**
 * `npm start`: the API and the web app on one port (PORT, default 3000).
 * Without DATABASE_URL the embedded PGlite database under DATA_DIR is used and
 * the demo cooperative is created on first start.
 */
import { buildApp } from './app.ts';
import { DEMO, ensureDemoTenant } from './modules/tenants/tenants.service.ts';

const app = await buildApp({ jobs: true });
const { config } = app;

if (config.seedDemo) {
  const created = await ensureDemoTenant(app.db, (m) => app.log.info(m));
  if (created) app.log.info(`demo cooperative "${DEMO.name}" created`);
}

const shutdown = async (signal: string) => {
  app.log.info(`${signal}: shutting down`);
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const banner = [
  '',
  `  Koperasi back office ${config.version} on http://localhost:${config.port}`,
  `  database: ${app.db.kind}${app.db.kind === 'pglite' ? ` (${config.dataDir})` : ''}`,
  `  API docs: http://localhost:${config.port}/api/docs`,
  ...(config.seedDemo ? [`  demo sign-in: ${DEMO.email} / ${DEMO.password}`] : []),
  '',
];
console.log(banner.join('\n'));
