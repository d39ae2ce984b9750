import { sql } from 'drizzle-orm';
import type { Orm } from './db.ts';
import { tooManyRequests } from './errors.ts';
import { asPlatform } from './tenant-context.ts';

/** Old windows are swept at most this often per process. */
const SWEEP_EVERY_MS = 60_000;

/**
 * A fixed-window counter per key, in the database (table rate_limits, migration 0039): every API
 * process counts into the same row, so an address gets the configured rate whatever the number of
 * processes (issue #31 item 4; in memory, each of API_PROCESSES=2 let 30 sign-ins a minute through,
 * 60 in all). A window starts at its key's first request and lasts `windowMs` of database time.
 * One upsert per request: it serialises the requests of one key (a row lock), so none slips past
 * the limit. Past the limit: 429 with Retry-After, the seconds left in the window.
 */
export class RateLimiter {
  #lastSweep = 0;

  constructor(
    private readonly orm: Orm,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly message: string,
  ) {}

  async hit(key: string): Promise<void> {
    // The counters belong to no tenant: the same statement whatever context the caller runs in.
    const result = await asPlatform(() =>
      this.orm.execute<{ hits: number; ms_left: number }>(sql`
        insert into rate_limits as r (key, window_start, hits) values (${key}, now(), 1)
        on conflict (key) do update set
          window_start = case when r.window_start <= now() - ${this.#window} then now() else r.window_start end,
          hits = case when r.window_start <= now() - ${this.#window} then 1 else r.hits + 1 end
        returning r.hits,
          (extract(epoch from r.window_start + ${this.#window} - now()) * 1000)::float8 as ms_left`),
    );
    const row = result.rows[0]!;
    await this.#sweep();
    if (Number(row.hits) > this.limit) throw tooManyRequests(this.message, Number(row.ms_left) / 1000);
  }

  get #window() {
    return sql`(${this.windowMs}::float8 * interval '1 millisecond')`;
  }

  /** Windows long over say nothing any more (an hour at least: other limiters' windows may be longer). */
  async #sweep(): Promise<void> {
    const now = Date.now();
    if (now - this.#lastSweep < SWEEP_EVERY_MS) return;
    this.#lastSweep = now;
    await asPlatform(() =>
      this.orm.execute(
        sql`delete from rate_limits where window_start < now() - greatest(${this.#window} * 2, interval '1 hour')`,
      ),
    );
  }
}
