/**
 * Architecture rules checked by `npm run lint` (dependency-cruiser):
 *  - no import cycles in the server, the packages or the web app (a cycle
 *    hidden behind a runtime `await import(...)` counts too);
 *  - no server module imports reports/ (reports read every module);
 *  - no web feature imports another feature or the shell (app/): shared pieces go to
 *    apps/web/src/components or apps/web/src/lib.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles: move the shared piece into a module both can import.',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'api-reports-last',
      severity: 'error',
      comment:
        'reports/ reads every module; no module reads reports/ (that made the ledger <-> reports and coa <-> reports cycles). Shared pieces live in the module that owns them.',
      from: { path: '^apps/api/src/modules/', pathNot: '^apps/api/src/modules/reports/' },
      to: { path: '^apps/api/src/modules/reports/' },
    },
    {
      name: 'web-no-cross-feature',
      severity: 'error',
      comment: 'A web feature imports only itself, src/components, src/lib and src/app (docs/web.md).',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-features-not-app',
      severity: 'error',
      comment: 'Features do not import the shell (app/ imports them through the registries).',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|e2e)/|\\.test\\.tsx?$|/test/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
