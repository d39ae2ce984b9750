/** User-facing texts of SPEC §2, §5 and §8, shared by server and web. */
export const MESSAGES = {
  productTitle: 'Verification Portal',
  skipLink: 'Skip to main content',
  auth: {
    invalidCredentials: 'Invalid credentials',
    accessDenied: 'Access denied',
    serviceNotFound: 'Service not found',
    serverError: 'Server error. Please try again later.',
    /** A request whose database connection was cut (a database restart): 503, nothing was done twice. */
    databaseUnavailable: 'The database is not reachable right now. Please try again in a moment.',
    defaultError: 'An error occurred',
    csrf: 'Missing or invalid CSRF token',
    sessionExpired: 'Your session has expired. Please sign in again.',
    /** The server's request rate per address for sign-ins (429; DECISIONS 7). */
    tooManySignIns: 'Too many sign-in attempts. Please wait a moment and try again.',
  },
  login: {
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email address',
    passwordRequired: 'Password is required',
    passwordMin: 'Password must be at least 6 characters',
    signIn: 'Sign In',
    signingIn: 'Signing In...',
    claimLink: 'Are you an employee? Claim your account here.',
    success: 'Login successful! Welcome back.',
    failure: (remaining: number) => `Invalid credentials. ${remaining} attempt(s) remaining.`,
    locked: 'Too many failed attempts. Please try again in 15 minutes.',
    unlocked: 'You can now try logging in again.',
  },
} as const;

/** Status → message of the auth error handler (SPEC §8). */
export function authErrorMessage(status: number, serverMessage?: string): string {
  switch (status) {
    case 401:
      return MESSAGES.auth.invalidCredentials;
    case 403:
      return MESSAGES.auth.accessDenied;
    case 404:
      return MESSAGES.auth.serviceNotFound;
    case 500:
      return MESSAGES.auth.serverError;
    default:
      return serverMessage || `Error: ${status}`;
  }
}
