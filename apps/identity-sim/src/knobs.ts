/**
 * Misbehaviour knobs of the simulator: latency, injected server errors and a rate limit, so the
 * portal's retry, backoff and Retry-After handling can be exercised and benchmarked.
 */
export interface KnobOptions {
  /** Added to every protocol request, in milliseconds. */
  latencyMs: number;
  /** Uniform extra delay in [0, jitterMs] on top of latencyMs. */
  jitterMs: number;
  /** Share (0..1) of lookup requests answered 500 or 503. */
  errorRate: number;
  /** Lookup requests per second before 429; 0 turns the limit off. */
  rateLimit: number;
}

export function delayFor(options: KnobOptions, random: () => number): number {
  return options.latencyMs + (options.jitterMs > 0 ? random() * options.jitterMs : 0);
}

/** The status of an injected failure, or undefined to answer normally. */
export function injectedError(errorRate: number, random: () => number): 500 | 503 | undefined {
  if (errorRate <= 0 || random() >= errorRate) return undefined;
  return random() < 0.5 ? 500 : 503;
}

export interface RateLimiter {
  /** Takes one request; returns undefined when allowed, else the seconds to put in Retry-After. */
  take(): number | undefined;
}

/**
 * A token bucket holding one second's worth of requests: bursts up to the limit pass, then
 * requests pass at the limit's rate. Retry-After is whole seconds (at least 1), as HTTP writes it.
 */
export function createRateLimiter(perSecond: number, clock: () => number): RateLimiter {
  if (perSecond <= 0) return { take: () => undefined };
  let tokens = perSecond;
  let last = clock();
  return {
    take() {
      const now = clock();
      tokens = Math.min(perSecond, tokens + ((now - last) / 1000) * perSecond);
      last = now;
      if (tokens >= 1) {
        tokens -= 1;
        return undefined;
      }
      return Math.max(1, Math.ceil((1 - tokens) / perSecond));
    },
  };
}
