/**
 * The field agent's desk without zod (issue #32): its calls' paths, a printed list's QR link and
 * what a scanned one names. The agent's page is a field page (DECISIONS 200) and loads no schema
 * library; `routes/field.ts` and `routes/claims.ts` declare their routes on these paths, and
 * `field.ts` and `campaigns.ts` re-export the rest.
 */
export const FIELD_PATHS = {
  desk: '/api/v1/agent/exercises',
  search: '/api/v1/agent/people',
  person: '/api/v1/agent/people/:id',
  /** The re-verification of a record, by its employee or an agent beside them (routes/claims.ts). */
  reverify: '/api/v1/agent/records/:id/verify',
} as const;

export const FIELD_MESSAGES = {
  personNotFound: 'Person not found',
  searchRequired: 'Type a name, a PSN or a Work ID, or scan the QR code of the printed list',
  searchTooLong: 'The search cannot exceed 200 characters',
} as const;

/** How many characters a search may have (FieldSearchQuerySchema). */
export const FIELD_SEARCH_MAX = 200;

/** What the agent does next for a person (FieldNextStepSchema). */
export const FIELD_NEXT_STEPS = ['CLAIM', 'REVERIFY', 'NONE'] as const;
export type FieldNextStep = (typeof FIELD_NEXT_STEPS)[number];

/**
 * What a printed list's QR code carries: the agent's screen opened on this person. A phone's camera
 * opens it; a scanner that types it into the agent's search finds the person (fieldPersonIdOf).
 */
export const FIELD_PERSON_PATH = '/dashboard/agent/verify';
export const fieldPersonLink = (origin: string, recordId: string) =>
  `${origin}${FIELD_PERSON_PATH}?person=${recordId}`;

/** The person a scanned QR code (or a pasted link) names, if it names one. */
export function fieldPersonIdOf(text: string): string | null {
  const m =
    /(?:^|[?&]person=)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:$|[&#\s])/i.exec(
      text.trim(),
    );
  return m ? m[1]!.toLowerCase() : null;
}
