import { MeSchema } from '../auth.ts';
import { ROLES } from '../roles.ts';
import { defineRoute } from './define-route.ts';

/** The signed-in user (server: modules/users/users.routes.ts). */
export const USERS_ROUTES = {
  me: defineRoute({
    method: 'GET',
    path: '/api/v1/users/me',
    roles: ROLES,
    tags: ['users'],
    summary: 'The signed-in user',
    response: MeSchema,
  }),
};
