import { defineModule } from '../types.ts';
import { activityRoutes } from './activity.routes.ts';

/** Page views recorded by the web app shell (table page_view, read by the activity report). */
export default defineModule({ name: 'activity', order: 50, routes: activityRoutes });
