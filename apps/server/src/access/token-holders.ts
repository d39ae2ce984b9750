import { LRUCache } from 'lru-cache';
import type { Database } from '../platform/db.ts';
import type { AccessRepo, TokenHolder } from './access.repo.ts';

/** The channel migration 0034's triggers notify: a user's id, or `tenant:<id>` for a tenant's rename or removal. */
export const TOKEN_HOLDER_CHANNEL = 'portal_token_holder';

/** How many signed-in users a process remembers. */
const HOLDERS = 20_000;
/**
 * How long a remembered row is trusted without a notification: a bound on a notification the
 * database never sent (none is known), not the way changes arrive.
 */
const HOLDER_TTL_MS = 5 * 60_000;

/** The database's notifications (platform/db.ts): what the remembered rows are forgotten by. */
export type NotificationSource = Pick<Database, 'listen' | 'notificationsCaughtUp'>;

/**
 * The signed-in users' rows as they stand now, remembered by every API process (issue #23): a
 * request checks its token against the row without a query. Every change that decides whether a
 * token still works (revocation, disabling, deletion, a new role or tenant) is a change of the row,
 * and the database announces it at commit to every process (migration 0034's triggers, on
 * `TOKEN_HOLDER_CHANNEL`), whatever code made it; the row is then forgotten and read again.
 *
 * A remembered row is used only after the notifications' read barrier (`notificationsCaughtUp`):
 * every change committed before the request began has been heard by then, so a token revoked
 * through another process a moment ago is refused here on the next request. Two more guards keep a
 * stale row from being remembered: a read that was in flight when a notification arrived is used
 * for its own request but not kept (the generation moved on), and while the listening connection
 * is down (notifications may be lost) nothing is remembered or trusted.
 */
export class TokenHolders {
  private readonly rows = new LRUCache<string, TokenHolder>({ max: HOLDERS, ttl: HOLDER_TTL_MS });
  private generation = 0;
  private live = false;

  private source: NotificationSource | undefined;

  constructor(private readonly repo: AccessRepo) {}

  /** Starts listening; until the database confirms it listens, every call reads the row. */
  async start(source: NotificationSource): Promise<void> {
    this.source = source;
    await source.listen(
      TOKEN_HOLDER_CHANNEL,
      (payload) => this.forget(payload),
      (live) => this.reset(live),
    );
  }

  async get(userId: string): Promise<TokenHolder | undefined> {
    if (this.live && this.rows.has(userId)) {
      // Every change committed before this request has been heard (and its row forgotten) once
      // the barrier resolves: a change made through another process a moment ago counts.
      const caughtUp = await this.source!.notificationsCaughtUp().then(
        () => true,
        () => false,
      );
      const known = caughtUp && this.live ? this.rows.get(userId) : undefined;
      if (known) return known;
    }
    const generation = this.generation;
    const row = await this.repo.tokenHolder(userId);
    if (row && this.live && generation === this.generation) this.rows.set(userId, row);
    return row;
  }

  private forget(payload: string): void {
    this.generation++;
    if (payload.startsWith('tenant:')) {
      const tenantId = payload.slice('tenant:'.length);
      for (const [id, row] of this.rows.entries()) if (row.tenantId === tenantId) this.rows.delete(id);
    } else {
      this.rows.delete(payload);
    }
  }

  private reset(live: boolean): void {
    this.generation++;
    this.rows.clear();
    this.live = live;
  }
}
