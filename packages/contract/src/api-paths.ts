/** API base and paths (SPEC §7, DESIGN §7). */
export const API_BASE = '/api/v1';

export const API = {
  authenticate: `${API_BASE}/auth/authenticate`,
  logout: `${API_BASE}/auth/logout`,
  me: `${API_BASE}/users/me`,
} as const;

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';
