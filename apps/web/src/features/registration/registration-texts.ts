import { CLAIM_MESSAGES } from '@portal/contract/claim-texts';

/** Texts of the registration card (SPEC §2 Employee registration, §8); messages from the contract. */
export const REGISTRATION_TEXTS = {
  subtitle: 'Claim Your Secure Account',
  /** Whose portal the public screen is (issue #31), above the steps. */
  portalOf: (tenant: string) => `${tenant} employee portal`,
  stepOf: (position: number, total: number) => `Step ${position} of ${total}`,
  steps: {
    initial: { title: 'Verify Your Identity', submit: 'Next', busy: 'Verifying...' },
    challenge: { title: 'Security Confirmation', submit: 'Confirm & Continue', busy: 'Confirming...' },
    create: { title: 'Create Your Credentials', submit: 'Create Account', busy: 'Creating account...' },
  },
  fields: {
    ssid: 'SSID',
    nin: 'NIN',
    psn: 'PSN',
    psnPlaceholder: 'Enter your PSN',
    email: 'Email',
    password: 'Password',
    togglePassword: 'toggle password visibility',
  },
  /** The line under each step's heading: the employee's own words, or the agent's. */
  hints: {
    public: {
      initial: 'Enter the SSID and NIN on your employment record.',
      challenge: 'Confirm your Personnel Service Number (PSN) to prove the record is yours.',
      create: 'Choose the email and password you will sign in with (at least 8 characters).',
    },
    agent: {
      initial: "Enter the employee's SSID and NIN as on their employment record.",
      challenge: "Confirm the employee's Personnel Service Number (PSN).",
      create: 'Enter the email and password the employee will sign in with (at least 8 characters).',
    },
  },
  agentNote: 'You are registering an employee on their behalf; your own session stays signed in.',
  /** The person chosen on the agent's desk (issue #33): the SSID and NIN still come from them. */
  claimFor: (name: string) =>
    `Identity check for ${name}: enter the SSID and NIN from the documents they bring.`,
  /** No answer came (issue #32): the step is kept and can be sent again. */
  connectionDropped:
    'The connection dropped before an answer came. Nothing was lost: check your signal, then try this step again.',
  startOver: 'Start Over',
  backToLogin: 'Back to Login',
  /** Under 'Back to Login' (issue #34 item 4): the public appeal's page. */
  appealLink: 'Suspended from the payroll and never claimed an account? Lodge an appeal',
  messages: CLAIM_MESSAGES,
} as const;
