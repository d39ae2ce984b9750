import type { FastifyBaseLogger } from 'fastify';
import type { MetricsDelta, OverviewRepo } from './overview.repo.ts';

/**
 * Counts API requests in memory and adds them to the current minute's row every few seconds. Each
 * flush also marks the minute as up, which is what the uptime figure is made of.
 */
export class RequestMetrics {
  #pending: MetricsDelta = { requests: 0, serverErrors: 0, totalMs: 0 };
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly repo: OverviewRepo,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 15_000,
  ) {}

  record(statusCode: number, elapsedMs: number): void {
    this.#pending.requests += 1;
    if (statusCode >= 500) this.#pending.serverErrors += 1;
    this.#pending.totalMs += elapsedMs;
  }

  /** Counted but not yet written, so that the overview is live to the request. */
  pending(): MetricsDelta {
    return { ...this.#pending };
  }

  start(): void {
    void this.flush();
    this.#timer = setInterval(() => void this.flush(), this.intervalMs);
    this.#timer.unref();
  }

  async flush(): Promise<void> {
    const delta = this.#pending;
    this.#pending = { requests: 0, serverErrors: 0, totalMs: 0 };
    try {
      await this.repo.addToCurrentMinute(delta);
    } catch (err) {
      // Keep the counts for the next flush rather than losing them.
      this.#pending.requests += delta.requests;
      this.#pending.serverErrors += delta.serverErrors;
      this.#pending.totalMs += delta.totalMs;
      this.log.warn({ err }, 'could not write request metrics');
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}
