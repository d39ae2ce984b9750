import {
  OPTIMA_BATCH_MAX,
  OPTIMA_PATHS,
  OptimaBatchResultSchema,
  OptimaTokenResponseSchema,
  type OptimaLookupQuery,
  type OptimaLookupResult,
} from '@portal/optima/protocol';
import {
  decryptPayload,
  encryptPayload,
  parseOptimaKeys,
  type OptimaKeys,
} from '@portal/optima/payload-crypto';
import { fetch, type Dispatcher, type Response } from 'undici';
import { identityCircuitOpened, identityLookupDuration, identityLookups } from '../../platform/metrics.ts';
import {
  addressRefusalOf,
  assertProviderUrl,
  ProviderAddressError,
  providerDispatcher,
} from './provider-address.ts';

export interface OptimaSettings {
  apiBaseUrl: string;
  clientId: string;
  clientSecret: string;
  aesKey: string;
  iv: string;
}

export interface ClientOptions {
  timeoutMs: number;
  /** Attempts per request on 5xx, network errors and timeouts. */
  maxAttempts: number;
  backoffBaseMs: number;
  /** The longest a 429's Retry-After is honoured before the call counts as failed. */
  maxRetryAfterMs: number;
  /** Consecutive failed batches (after their retries) that open the circuit. */
  breakerThreshold: number;
  /** The provider may be on a loopback, private or other non-public address (decision 60). */
  allowPrivateAddresses: boolean;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export const DEFAULT_CLIENT_OPTIONS: ClientOptions = {
  timeoutMs: 15_000,
  maxAttempts: 5,
  backoffBaseMs: 250,
  maxRetryAfterMs: 60_000,
  breakerThreshold: 3,
  allowPrivateAddresses: false,
};

/** The provider stayed down: the job fails with this message and no record is marked. */
export class ProviderDownError extends Error {}

/** One batch could not be looked up after its retries: its records stay for the next run. */
export class LookupFailedError extends Error {}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/**
 * Client of one tenant's OPTIMA provider (DESIGN §5): cached token refreshed on expiry or once on
 * 401, Retry-After honoured on 429, exponential backoff with jitter on 5xx, network errors and
 * timeouts, and a circuit breaker. It never logs payloads, tokens or secrets.
 */
export class OptimaClient {
  readonly #keys: OptimaKeys;
  readonly #base: string;
  readonly #opts: ClientOptions;
  readonly #dispatcher: Dispatcher | undefined;
  #token: { value: string; expiresAt: number } | undefined;
  #tokenRequest: Promise<string> | undefined;
  #consecutiveFailures = 0;

  constructor(
    private readonly settings: OptimaSettings,
    options: Partial<ClientOptions> = {},
  ) {
    this.#keys = parseOptimaKeys(settings.aesKey, settings.iv);
    this.#base = settings.apiBaseUrl.replace(/\/+$/, '');
    this.#opts = { ...DEFAULT_CLIENT_OPTIONS, ...options };
    this.#dispatcher = providerDispatcher(this.#opts.allowPrivateAddresses);
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
      const payload = await this.#withRetries(() => this.#post(OPTIMA_PATHS.lookupBatch, { items }));
      const result = OptimaBatchResultSchema.parse(payload);
      if (result.items.length !== items.length)
        throw new Error('the provider answered a different number of results');
      this.#consecutiveFailures = 0;
      counted('ok');
      return result.items;
    } catch (err) {
      // A refused address stays refused: no retry, and the job stops with the reason.
      if (err instanceof ProviderAddressError) {
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

  async #withRetries<T>(call: () => Promise<T>): Promise<T> {
    const sleep = this.#opts.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
    const random = this.#opts.random ?? Math.random;
    let waitedForRateLimit = 0;
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (err) {
        const status = err instanceof HttpError ? err.status : 0;
        if (status === 429 && err instanceof HttpError) {
          const wait = err.retryAfterMs ?? 1000;
          waitedForRateLimit += wait;
          if (waitedForRateLimit > this.#opts.maxRetryAfterMs) throw err;
          await sleep(wait);
          attempt -= 1; // waiting out a rate limit is not a failed attempt
          continue;
        }
        const retryable = !(err instanceof ProviderAddressError) && (status === 0 || status >= 500);
        if (!retryable || attempt >= this.#opts.maxAttempts) throw err;
        const backoff = this.#opts.backoffBaseMs * 2 ** (attempt - 1);
        await sleep(backoff / 2 + random() * backoff); // "equal jitter"
      }
    }
  }

  async #post(path: string, query: unknown, refreshed = false): Promise<unknown> {
    const token = await this.#accessToken();
    const res = await this.#fetch(path, { payload: encryptPayload(this.#keys, query) }, token);
    if (res.status === 401 && !refreshed) {
      this.#token = undefined;
      return this.#post(path, query, true);
    }
    await this.#throwIfNotOk(res);
    const body = (await res.json()) as { payload?: unknown };
    if (typeof body.payload !== 'string') throw new HttpError(502, 'the provider answered without a payload');
    return decryptPayload(this.#keys, body.payload);
  }

  async #accessToken(): Promise<string> {
    if (this.#token && this.#token.expiresAt > Date.now()) return this.#token.value;
    this.#tokenRequest ??= (async () => {
      try {
        const res = await this.#fetch(OPTIMA_PATHS.token, {
          clientId: this.settings.clientId,
          clientSecret: this.settings.clientSecret,
        });
        await this.#throwIfNotOk(res);
        const token = OptimaTokenResponseSchema.parse(await res.json());
        // Refresh a little early so that a token never expires in flight.
        this.#token = {
          value: token.accessToken,
          expiresAt: Date.now() + Math.max(1, token.expiresIn - 30) * 1000,
        };
        return token.accessToken;
      } finally {
        this.#tokenRequest = undefined;
      }
    })();
    return this.#tokenRequest;
  }

  async #fetch(path: string, body: unknown, token?: string): Promise<Response> {
    // Before every connection: what the provider's host resolves to may change (issue #18).
    await assertProviderUrl(this.#base, this.#opts.allowPrivateAddresses);
    try {
      return await fetch(`${this.#base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.#opts.timeoutMs),
        dispatcher: this.#dispatcher,
      });
    } catch (err) {
      const refused = addressRefusalOf(err);
      if (refused) throw refused;
      const reason =
        (err as Error).name === 'TimeoutError'
          ? `no answer within ${this.#opts.timeoutMs} ms`
          : (err as Error).message;
      throw new HttpError(0, `could not reach the provider: ${reason}`);
    }
  }

  async #throwIfNotOk(res: Response): Promise<void> {
    if (res.ok) return;
    let message = '';
    try {
      message = ((await res.json()) as { message?: string }).message ?? '';
    } catch {
      // not JSON
    }
    const retryAfter = Number(res.headers.get('retry-after'));
    throw new HttpError(
      res.status,
      `the provider answered ${res.status}${message ? `: ${message}` : ''}`,
      Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : undefined,
    );
  }
}
