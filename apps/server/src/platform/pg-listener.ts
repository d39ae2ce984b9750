import pg from 'pg';

type Subscription = {
  channel: string;
  onNotify: (payload: string) => void;
  onReset: (live: boolean) => void;
};

/**
 * One connection of its own that LISTENs on every channel asked for, outside the pool (a pooled
 * connection would be handed to queries). When it drops, every subscriber hears `onReset(false)`
 * at once (notifications may be lost from then on) and it reconnects with a growing pause; once it
 * listens again, `onReset(true)`.
 *
 * `caughtUp()` is the read barrier that makes a notification-fed cache exact across processes: it
 * resolves once every notification committed before the call has been handed to its subscribers.
 * It runs `select 1` on the listening connection: the transaction that notified signalled this
 * connection's backend before its own commit was acknowledged, and a backend with a signalled
 * notification sends it before the ReadyForQuery that ends the `select 1` (PostgreSQL's
 * postgres.c: notifications are processed before ReadyForQuery). Callers that arrive while a
 * barrier is in flight share the next one, so a busy process pays one round trip per batch of
 * requests, not one per request.
 */
export class PgListener {
  private readonly subscriptions: Subscription[] = [];
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private closed = false;
  private retryMs = 250;
  private inflight: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  constructor(private readonly databaseUrl: string) {}

  async listen(channel: string, onNotify: Subscription['onNotify'], onReset: Subscription['onReset']) {
    const sub = { channel, onNotify, onReset };
    this.subscriptions.push(sub);
    if (this.client) {
      await this.client.query(`listen ${pg.escapeIdentifier(channel)}`);
      onReset(true);
    } else {
      await this.connect();
    }
  }

  /** Resolves when every notification committed before the call has reached its subscribers. */
  caughtUp(): Promise<void> {
    if (!this.inflight) {
      const client = this.client;
      if (!client) return Promise.reject(new Error('not listening'));
      this.inflight = client.query('select 1').then(
        () => (this.inflight = undefined),
        (err: unknown) => {
          this.inflight = undefined;
          throw err;
        },
      );
      return this.inflight;
    }
    // One is in flight: it may have been sent before this caller's notification; the next one,
    // shared by everyone who arrives meanwhile, starts after it.
    this.queued ??= this.inflight
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.caughtUp();
      });
    return this.queued;
  }

  close(): void {
    this.closed = true;
    void this.client?.end().catch(() => undefined);
    this.client = undefined;
  }

  private connect(): Promise<void> {
    this.connecting ??= this.open().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private retryLater(): void {
    if (!this.closed) setTimeout(() => void this.connect().catch(() => undefined), this.retryMs).unref();
    this.retryMs = Math.min(this.retryMs * 2, 10_000);
  }

  private async open(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    const lost = () => {
      if (this.client !== client) return;
      this.client = undefined;
      for (const s of this.subscriptions) s.onReset(false);
      this.retryLater();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (n) => {
      for (const s of this.subscriptions) if (s.channel === n.channel) s.onNotify(n.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of new Set(this.subscriptions.map((s) => s.channel))) {
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
    } catch (err) {
      void client.end().catch(() => undefined);
      this.retryLater();
      throw err;
    }
    if (this.closed) {
      void client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = 250;
    for (const s of this.subscriptions) s.onReset(true);
  }
}
