import { inArray, sql, type Column, type SQL } from 'drizzle-orm';

/** More ids than this go into a statement as one JSON array rather than as parameters. */
const MANY_IDS = 1_000;

/**
 * `column in (ids)`: a few ids as parameters; many (a search or a notice can name 100,000, past
 * the 65,535 parameters of a statement) as one JSON array.
 */
export function idIn(column: Column | SQL, ids: string[]): SQL {
  return ids.length <= MANY_IDS
    ? inArray(sql`${column}`, ids)
    : sql`${column} in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid)`;
}

/**
 * Ids (validated UUIDs: ids from the request's schema or from the database) as one `uuid[]`
 * parameter, for `column = any(…)`: one value however many ids, parsed once.
 */
export const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;
