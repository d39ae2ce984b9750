/**
 * localStorage keys of the web app (SPEC §3 "stored locally"). Kept free of imports so the
 * Playwright journeys can read them too.
 */
export const STORAGE_KEYS = {
  authToken: 'portal.authToken',
  rememberedEmail: 'portal.rememberedEmail',
  loginBlockedUntil: 'portal.loginBlockedUntil',
  loginFailedAttempts: 'portal.loginFailedAttempts',
} as const;

/**
 * sessionStorage keys: what one page leaves for the next across a full page load (the sign-in
 * page is not part of the app, DECISIONS 200).
 */
export const SESSION_KEYS = {
  handedOverToast: 'portal.handedOverToast',
} as const;
