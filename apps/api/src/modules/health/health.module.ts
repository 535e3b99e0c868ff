import { ok } from '../../lib/http.ts';
import { defineModule } from '../types.ts';
import { pingDatabase } from './health.repo.ts';

export default defineModule({
  name: 'health',
  async routes(app) {
    app.get(
      '/api/health',
      { config: { public: true }, schema: { tags: ['platform'], summary: 'Liveness and database check' } },
      async () => {
        await pingDatabase(app.db);
        return ok({ db: app.db.kind, version: app.config.version });
      },
    );
  },
});
