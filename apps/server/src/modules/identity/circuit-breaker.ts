/**
 * The circuit breaker of a provider's lookups (the identity provider's and the account name
 * provider's): after `threshold` batches in a row failed (after their retries), the provider is
 * taken as down and the job stops with the last error, rather than failing every remaining batch.
 */

/** The provider stayed down: the job fails with this message and no record is marked. */
export class ProviderDownError extends Error {}

/** One batch could not be looked up after its retries: its records stay for the next run. */
export class LookupFailedError extends Error {}

export class CircuitBreaker {
  #consecutiveFailures = 0;
  #lastError = '';

  constructor(
    private readonly threshold: number,
    /** The provider, as the job's message names it ('identity provider'). */
    private readonly provider: string,
  ) {}

  get open(): boolean {
    return this.#consecutiveFailures >= this.threshold;
  }

  succeeded(): void {
    this.#consecutiveFailures = 0;
  }

  /** Counts a failed batch; true when this failure opened the circuit. */
  failed(message: string): boolean {
    this.#consecutiveFailures += 1;
    this.#lastError = message;
    return this.open;
  }

  /** Why the job stops when the circuit is open. */
  get downMessage(): string {
    return `The ${this.provider} is unavailable (${this.threshold} batches failed in a row; last error: ${this.#lastError}). Try again later.`;
  }
}
