import {
  OPTIMA_BATCH_MAX,
  OPTIMA_PATHS,
  OptimaBatchResultSchema,
  type OptimaLookupQuery,
  type OptimaLookupResult,
} from '@portal/optima/protocol';
import {
  decryptPayload,
  encryptPayload,
  parseOptimaKeys,
  type OptimaKeys,
} from '@portal/optima/payload-crypto';
import { identityCircuitOpened, identityLookupDuration, identityLookups } from '../../platform/metrics.ts';
import {
  DEFAULT_PROVIDER_HTTP_OPTIONS,
  ProviderFault,
  ProviderHttp,
  type ProviderHttpOptions,
} from './provider-http.ts';

export interface OptimaSettings {
  apiBaseUrl: string;
  clientId: string;
  clientSecret: string;
  aesKey: string;
  iv: string;
}

/** The shared HTTP's options (provider-http.ts) and the breaker's. */
export interface ClientOptions extends ProviderHttpOptions {
  /** Consecutive failed batches (after their retries) that open the circuit. */
  breakerThreshold: number;
}

export const DEFAULT_CLIENT_OPTIONS: ClientOptions = {
  ...DEFAULT_PROVIDER_HTTP_OPTIONS,
  breakerThreshold: 3,
};

/** The provider stayed down: the job fails with this message and no record is marked. */
export class ProviderDownError extends Error {}

/** One batch could not be looked up after its retries: its records stay for the next run. */
export class LookupFailedError extends Error {}

/**
 * Client of one tenant's OPTIMA provider (DESIGN §5): the shared provider HTTP (provider-http.ts:
 * cached token refreshed on expiry or once on 401, Retry-After honoured on 429, exponential backoff
 * with jitter on 5xx, network errors and timeouts), the payload cipher, and a circuit breaker. It
 * never logs payloads, tokens or secrets.
 */
export class OptimaClient {
  readonly #keys: OptimaKeys;
  readonly #opts: ClientOptions;
  readonly #http: ProviderHttp;
  #consecutiveFailures = 0;

  constructor(settings: OptimaSettings, options: Partial<ClientOptions> = {}) {
    this.#keys = parseOptimaKeys(settings.aesKey, settings.iv);
    this.#opts = { ...DEFAULT_CLIENT_OPTIONS, ...options };
    this.#http = new ProviderHttp(
      {
        apiBaseUrl: settings.apiBaseUrl,
        clientId: settings.clientId,
        clientSecret: settings.clientSecret,
        tokenPath: OPTIMA_PATHS.token,
      },
      this.#opts,
    );
  }

  get circuitOpen(): boolean {
    return this.#consecutiveFailures >= this.#opts.breakerThreshold;
  }

  /** Looks up to OPTIMA_BATCH_MAX identities; results in the same order. */
  async lookupBatch(items: OptimaLookupQuery[]): Promise<OptimaLookupResult[]> {
    if (items.length === 0) return [];
    if (items.length > OPTIMA_BATCH_MAX)
      throw new RangeError(`at most ${OPTIMA_BATCH_MAX} identities per batch`);
    if (this.circuitOpen) {
      identityLookups.inc({ outcome: 'circuit_open' }, items.length);
      throw new ProviderDownError(this.#downMessage());
    }
    const timer = identityLookupDuration.startTimer();
    const counted = (outcome: string) => {
      timer({ outcome });
      identityLookups.inc({ outcome }, items.length);
    };
    try {
      const payload = await this.#http.withRetries(() => this.#post(OPTIMA_PATHS.lookupBatch, { items }));
      const result = OptimaBatchResultSchema.parse(payload);
      if (result.items.length !== items.length)
        throw new Error('the provider answered a different number of results');
      this.#consecutiveFailures = 0;
      counted('ok');
      return result.items;
    } catch (err) {
      // A refused address stays refused: no retry, and the job stops with the reason.
      if (err instanceof ProviderFault && err.kind === 'ADDRESS_REFUSED') {
        counted('refused');
        throw new ProviderDownError(err.message);
      }
      counted('failed');
      this.#consecutiveFailures += 1;
      this.#lastError = (err as Error).message;
      if (this.circuitOpen) {
        identityCircuitOpened.inc();
        throw new ProviderDownError(this.#downMessage());
      }
      throw new LookupFailedError((err as Error).message);
    }
  }

  #lastError = '';
  #downMessage(): string {
    return `The identity provider is unavailable (${this.#opts.breakerThreshold} batches failed in a row; last error: ${this.#lastError}). Try again later.`;
  }

  async #post(path: string, query: unknown): Promise<unknown> {
    const body = (await this.#http.postWithToken(path, { payload: encryptPayload(this.#keys, query) })) as {
      payload?: unknown;
    } | null;
    if (typeof body?.payload !== 'string')
      throw new ProviderFault('BAD_ANSWER', 'the provider answered without a payload', 502);
    return decryptPayload(this.#keys, body.payload);
  }
}
