import { defineModule } from '../types.ts';
import { authRoutes } from './auth.routes.ts';

export default defineModule({ name: 'auth', order: 0, routes: authRoutes });
