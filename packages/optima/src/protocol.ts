import { z } from 'zod';

/**
 * The identity provider protocol "OPTIMA" (DESIGN §5), shared by the simulator (apps/identity-sim)
 * and the portal's provider client. Paths are relative to the tenant's apiBaseUrl.
 *
 * Every lookup body, both ways, is the envelope `{payload}` where payload is
 * base64(AES-256-CBC(aesKey, iv, JSON)) (payload-crypto.ts). The JSON inside is:
 * - `/identity/lookup`:       request OptimaLookupQuery,  response OptimaLookupResult
 * - `/identity/lookup-batch`: request OptimaBatchQuery,   response OptimaBatchResult
 *   Both batch shapes are objects `{items: [...]}` (not bare arrays) so either side can grow a
 *   field later without breaking the other; results come in the order of the queries.
 *
 * Errors are JSON `{message}`: 400 malformed or over OPTIMA_BATCH_MAX, 401 missing, invalid or
 * expired bearer token (refresh once), 429 with Retry-After in seconds, 5xx transient.
 */
export const OPTIMA_PATHS = {
  token: '/auth/token',
  lookup: '/identity/lookup',
  lookupBatch: '/identity/lookup-batch',
} as const;

/** Most identities one batch request may carry; more answer 400. */
export const OPTIMA_BATCH_MAX = 100;

export const OptimaTokenRequestSchema = z.object({
  clientId: z.string().min(1).max(256),
  clientSecret: z.string().min(1).max(256),
});
export type OptimaTokenRequest = z.infer<typeof OptimaTokenRequestSchema>;

export const OptimaTokenResponseSchema = z.object({
  accessToken: z.string().min(1),
  /** Seconds until the token stops being accepted. */
  expiresIn: z.number().int().positive(),
});
export type OptimaTokenResponse = z.infer<typeof OptimaTokenResponseSchema>;

/** The encrypted envelope of every lookup request and response body. */
export const OptimaEnvelopeSchema = z.object({ payload: z.string().min(1) });
export type OptimaEnvelope = z.infer<typeof OptimaEnvelopeSchema>;

export const OptimaErrorSchema = z.object({ message: z.string() });
export type OptimaError = z.infer<typeof OptimaErrorSchema>;

/**
 * One identity to look up. A missing, null or empty ssid means "match on NIN alone"; master lists
 * do not always carry one. Any string is accepted: a malformed NIN is simply not found, so one bad
 * row never fails a whole batch.
 */
export const OptimaLookupQuerySchema = z.object({
  nin: z.string().max(64),
  ssid: z.string().max(64).nullish(),
});
export type OptimaLookupQuery = z.infer<typeof OptimaLookupQuerySchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected an ISO date (YYYY-MM-DD)');

/**
 * A person as the provider returns them. Optional fields are omitted (never null or empty) when
 * the provider has no value. ssid is optional although DESIGN §5 lists it plainly: a provider
 * record without one exists and then matches on NIN alone.
 */
export const OptimaPersonSchema = z.object({
  nin: z.string().min(1),
  ssid: z.string().min(1).optional(),
  psn: z.string().min(1).optional(),
  fullName: z.string().min(1),
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  dateOfBirth: isoDate,
  gender: z.string().min(1).optional(),
  ministry: z.string().min(1).optional(),
  department: z.string().min(1).optional(),
  gradeLevel: z.string().min(1).optional(),
  biometricsEnrolled: z.boolean(),
});
export type OptimaPerson = z.infer<typeof OptimaPersonSchema>;

export const OptimaLookupResultSchema = z.object({
  found: z.boolean(),
  person: OptimaPersonSchema.optional(),
});
export type OptimaLookupResult = z.infer<typeof OptimaLookupResultSchema>;

export const OptimaBatchQuerySchema = z.object({
  items: z.array(OptimaLookupQuerySchema).min(1).max(OPTIMA_BATCH_MAX),
});
export type OptimaBatchQuery = z.infer<typeof OptimaBatchQuerySchema>;

export const OptimaBatchResultSchema = z.object({ items: z.array(OptimaLookupResultSchema) });
export type OptimaBatchResult = z.infer<typeof OptimaBatchResultSchema>;
