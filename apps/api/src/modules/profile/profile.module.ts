import { defineModule } from '../types.ts';
import { profileRoutes } from './profile.routes.ts';

/** The signed-in user's own profile, preferences and activity (web profile page). */
export default defineModule({ name: 'profile', order: 50, routes: profileRoutes });
