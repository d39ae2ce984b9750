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
import { CircuitBreaker, LookupFailedError, ProviderDownError } from './circuit-breaker.ts';
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
  readonly #breaker: CircuitBreaker;

  constructor(settings: OptimaSettings, options: Partial<ClientOptions> = {}) {
    this.#keys = parseOptimaKeys(settings.aesKey, settings.iv);
    this.#opts = { ...DEFAULT_CLIENT_OPTIONS, ...options };
    this.#breaker = new CircuitBreaker(this.#opts.breakerThreshold, 'identity provider');
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
    return this.#breaker.open;
  }

  /** Looks up to OPTIMA_BATCH_MAX identities; results in the same order. */
  async lookupBatch(items: OptimaLookupQuery[]): Promise<OptimaLookupResult[]> {
    if (items.length === 0) return [];
    if (items.length > OPTIMA_BATCH_MAX)
      throw new RangeError(`at most ${OPTIMA_BATCH_MAX} identities per batch`);
    if (this.circuitOpen) {
      identityLookups.inc({ outcome: 'circuit_open' }, items.length);
      throw new ProviderDownError(this.#breaker.downMessage);
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
      this.#breaker.succeeded();
      counted('ok');
      return result.items;
    } catch (err) {
      // A refused address stays refused: no retry, and the job stops with the reason.
      if (err instanceof ProviderFault && err.kind === 'ADDRESS_REFUSED') {
        counted('refused');
        throw new ProviderDownError(err.message);
      }
      counted('failed');
      if (this.#breaker.failed((err as Error).message)) {
        identityCircuitOpened.inc();
        throw new ProviderDownError(this.#breaker.downMessage);
      }
      throw new LookupFailedError((err as Error).message);
    }
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
