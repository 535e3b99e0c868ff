import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH, chromiumProblem, startServer } from './harness';

/**
 * One server for the whole browser run; its URL and log file go to the tests
 * through `inject`. Without Chromium the run stops first, with one line that
 * says how to get it (not a launch error deep inside every test).
 */
export default async function setup(project: TestProject) {
  const problem = chromiumProblem(CHROMIUM_PATH);
  if (problem) {
    process.stderr.write(`${problem}\n`);
    process.exit(1);
  }
  // A server already running (E2E_BASE_URL, its log in E2E_SERVER_LOG): reuse it, e.g. while iterating on one file.
  if (process.env.E2E_BASE_URL) {
    project.provide('baseUrl', process.env.E2E_BASE_URL);
    project.provide('serverLog', process.env.E2E_SERVER_LOG ?? '/dev/null');
    return async () => undefined;
  }
  const server = await startServer();
  project.provide('baseUrl', server.url);
  project.provide('serverLog', server.logFile);
  return async () => {
    await server.stop();
  };
}
