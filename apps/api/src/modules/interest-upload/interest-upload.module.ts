import { defineModule } from '../types.ts';
import { interestUploadRoutes } from './interest-upload.routes.ts';

/** Interest upload: figures computed elsewhere, by release date (/api/upload/interest*). docs/interest.md "Interest upload". */
export default defineModule({
  name: 'interest-upload',
  order: 45,
  routes: interestUploadRoutes,
});
