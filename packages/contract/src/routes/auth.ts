import { z } from 'zod';
import { AuthResponseSchema, AuthenticateRequestSchema } from '../auth.ts';
import { ApiErrorSchema } from '../errors.ts';
import { ROLES } from '../roles.ts';
import { defineRoute } from './define-route.ts';

const tags = ['auth'];

/** Sign-in and sign-out (server: modules/auth/auth.routes.ts). */
export const AUTH_ROUTES = {
  authenticate: defineRoute({
    method: 'POST',
    path: '/api/v1/auth/authenticate',
    public: true,
    csrf: false,
    tags,
    summary: 'Sign in with email and password',
    body: AuthenticateRequestSchema,
    response: AuthResponseSchema,
    errors: { 401: ApiErrorSchema, 429: ApiErrorSchema },
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/v1/auth/logout',
    roles: ROLES,
    tags,
    summary: 'Revoke every token of the signed-in user',
    response: z.null(),
    status: 204,
  }),
};
