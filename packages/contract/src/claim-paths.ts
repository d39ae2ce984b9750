/**
 * The paths of the claim's calls, without zod: the public claim page (issue #32) sends them with a
 * plain fetch and loads no schema library; `routes/claims.ts` declares its routes on them.
 */
export const CLAIM_PATHS = {
  initiate: '/api/v1/verification/initiate',
  challenge: '/api/v1/verification/challenge',
  createAccount: '/api/v1/auth/create-account',
  agentInitiate: '/api/v1/agent/verify',
  agentChallenge: '/api/v1/agent/challenge',
  tenant: '/api/v1/claims/tenant',
} as const;
