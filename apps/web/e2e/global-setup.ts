import type { TestProject } from 'vitest/node';
import { startServer } from './harness';

/** One server for the whole browser run; its URL and log file go to the tests through `inject`. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseUrl', server.url);
  project.provide('serverLog', server.logFile);
  return async () => {
    await server.stop();
  };
}
