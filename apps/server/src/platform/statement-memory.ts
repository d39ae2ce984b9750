import { sql } from 'drizzle-orm';

/**
 * The memory a statement over a whole tenant gets for its hashes and sorts (`work_mem`), until its
 * transaction ends: a million keys hashed or sorted in memory rather than in batches spilled to
 * disk at the server's default of 4 MB. Run first in the transaction of such a statement: an
 * HR list's upload (DECISIONS 223), the reminders' (189), each integrity step's and the
 * cross-tenant index's sync (269).
 */
export const WHOLE_TENANT_MEMORY = sql`select set_config('work_mem', '256MB', true)`;
