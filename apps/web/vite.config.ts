import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

export default defineConfig(({ mode }) => ({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: {
    // react-router's package exports point at its development build; production builds take the production one.
    alias:
      mode === 'production'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)),
            },
          ]
        : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/bundle-size.mjs reads the manifest to add up what each route loads.
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      treeshake: {
        // Schemas in packages/contracts are built with zod calls at module level; marking `z`
        // pure lets unused schemas (and zod itself) drop out of chunks that only need a helper.
        manualPureFunctions: ['z'],
        moduleSideEffects: (id: string) => !id.includes('/packages/contracts/'),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/oauth': api },
  },
  preview: { port: 4173 },
}));
