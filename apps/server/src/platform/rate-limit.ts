import { tooManyRequests } from './errors.ts';

/**
 * A fixed-window counter per key, in memory (per process: with several API processes each
 * enforces its own share). Enough to slow down guessing on the public claim calls.
 */
export class RateLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly message: string,
  ) {}

  hit(key: string, now = Date.now()): void {
    let w = this.#windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      w = { start: now, count: 0 };
      this.#windows.set(key, w);
      if (this.#windows.size > 50_000) this.#sweep(now);
    }
    w.count += 1;
    if (w.count > this.limit) throw tooManyRequests(this.message, (w.start + this.windowMs - now) / 1000);
  }

  #sweep(now: number) {
    for (const [k, w] of this.#windows) if (now - w.start >= this.windowMs) this.#windows.delete(k);
  }
}
