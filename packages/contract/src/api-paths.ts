/** The API's base (SPEC §7, DESIGN §7); each route's full path is in routes/. */
export const API_BASE = '/api/v1';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';
