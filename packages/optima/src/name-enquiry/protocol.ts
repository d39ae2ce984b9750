import { z } from 'zod';

/**
 * The portal's name-enquiry protocol (issue #36 item 2; PROTOCOL.md beside this file), shared by
 * the account simulator (apps/identity-sim/src/name-enquiry) and the portal's client
 * (apps/server/src/modules/identity/name-enquiry-client.ts). In the spirit of NIBSS's NIP name
 * enquiry, but batched: which name, if any, an account at a bank is held in. Paths are relative to
 * the tenant's account provider apiBaseUrl.
 *
 * Bodies are plain JSON over HTTPS (no payload cipher): a client-credentials token first (the same
 * shapes as OPTIMA's), then batches of at most NAME_ENQUIRY_BATCH_MAX accounts with the bearer token.
 * Errors are JSON `{message}`: 400 malformed or over the batch limit, 401 missing, invalid or
 * expired token (refresh once) or wrong client credentials, 429 with Retry-After in seconds, 5xx
 * transient. An error is never an answer about an account: only an item's status is.
 */
export const NAME_ENQUIRY_PATHS = {
  token: '/auth/token',
  batch: '/name-enquiry/batch',
} as const;

/** Most accounts one batch may carry; more answer 400. */
export const NAME_ENQUIRY_BATCH_MAX = 100;

export const NameEnquiryTokenRequestSchema = z.object({
  clientId: z.string().min(1).max(256),
  clientSecret: z.string().min(1).max(256),
});
export type NameEnquiryTokenRequest = z.infer<typeof NameEnquiryTokenRequestSchema>;

export const NameEnquiryTokenResponseSchema = z.object({
  accessToken: z.string().min(1),
  /** Seconds until the token stops being accepted. */
  expiresIn: z.number().int().positive(),
});
export type NameEnquiryTokenResponse = z.infer<typeof NameEnquiryTokenResponseSchema>;

export const NameEnquiryErrorSchema = z.object({ message: z.string() });

/**
 * One account to look up: the bank's CBN institution code (3, 5 or 6 digits as the CBN writes it)
 * and the account number. Any string up to 32 characters is accepted: a malformed number is simply
 * NOT_FOUND, so one bad payroll row never fails a whole batch.
 */
export const AccountQuerySchema = z.object({
  bankCode: z.string().min(1).max(32),
  accountNumber: z.string().min(1).max(32),
});
export type AccountQuery = z.infer<typeof AccountQuerySchema>;

export const NameEnquiryBatchRequestSchema = z.object({
  items: z.array(AccountQuerySchema).min(1).max(NAME_ENQUIRY_BATCH_MAX),
});
export type NameEnquiryBatchRequest = z.infer<typeof NameEnquiryBatchRequestSchema>;

export const ACCOUNT_STATUSES = ['FOUND', 'CLOSED', 'NOT_FOUND'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** A BVN: 11 digits. */
const bvn = z.string().regex(/^\d{11}$/, 'A BVN is 11 digits');

/**
 * The answer about one account, echoing the query: FOUND with the name the account is held in
 * (and its holder's BVN when the bank shares it; omitted, never null, otherwise), CLOSED (the
 * account existed and is closed: no name is given), or NOT_FOUND (no such account at that bank).
 */
export const AccountResultSchema = z.discriminatedUnion('status', [
  AccountQuerySchema.extend({
    status: z.literal('FOUND'),
    accountName: z.string().min(1).max(200),
    bvn: bvn.optional(),
  }),
  AccountQuerySchema.extend({ status: z.literal('CLOSED') }),
  AccountQuerySchema.extend({ status: z.literal('NOT_FOUND') }),
]);
export type AccountResult = z.infer<typeof AccountResultSchema>;

/** The results in the order of the queries, one for each. */
export const NameEnquiryBatchResponseSchema = z.object({ items: z.array(AccountResultSchema) });
export type NameEnquiryBatchResponse = z.infer<typeof NameEnquiryBatchResponseSchema>;

/** Whether an answer is one for each query, in their order (each result echoes its account). */
export function answersQueries(queries: readonly AccountQuery[], results: readonly AccountResult[]): boolean {
  return (
    results.length === queries.length &&
    results.every(
      (r, i) => r.bankCode === queries[i]!.bankCode && r.accountNumber === queries[i]!.accountNumber,
    )
  );
}
