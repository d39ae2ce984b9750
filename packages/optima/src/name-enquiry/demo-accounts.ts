import { fileURLToPath } from 'node:url';

/**
 * The demo account name provider: the account simulator serves these by default, and the portal's
 * demo mode starts it with them and writes them into the demo tenant's account provider settings.
 * Here, not in the simulator, because the portal never imports the simulator. Public on purpose:
 * they only ever guard simulated accounts.
 */
export const DEMO_ACCOUNT_CREDENTIALS = {
  clientId: 'demo-accounts-client',
  clientSecret: 'demo-accounts-secret',
} as const;

/**
 * The demo accounts (derived from examples/master-list.csv: examples/README.md says how), in the
 * account simulator's --accounts format.
 */
export const DEMO_ACCOUNTS_FILE = fileURLToPath(
  new URL('../../../../examples/bank-accounts.csv', import.meta.url),
);

/** The columns of an accounts file; status FOUND or CLOSED (an account not listed is NOT_FOUND). */
export const ACCOUNTS_FILE_COLUMNS = ['bankCode', 'accountNumber', 'status', 'accountName', 'bvn'] as const;
