import { defineConfig } from 'vitest/config';

/** Browser tests: `npm run e2e -w apps/web` builds the app first, then runs these against the real server. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'e2e',
          root: import.meta.dirname,
          include: ['*.e2e.ts'],
          environment: 'node',
          globalSetup: ['./global-setup.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 270_000,
        },
      },
      {
        test: {
          name: 'screens',
          root: import.meta.dirname,
          include: ['*.screens.ts'],
          environment: 'node',
          globalSetup: ['./global-setup.ts'],
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 270_000,
        },
      },
    ],
  },
});
