import { request, type Dispatcher } from 'undici';
import {
  addressRefusalOf,
  assertProviderUrl,
  ProviderAddressError,
  providerDispatcher,
} from './provider-address.ts';

/**
 * The HTTP of every provider the portal calls with client credentials (the identity provider,
 * OPTIMA, and the account name provider, issue #36): the token, cached and asked again once on a
 * 401, timeouts, retries with backoff, 429's Retry-After, the private-address guard, and faults of
 * a kind. One home, so that both clients behave alike; what the bodies hold is each client's.
 */

/** Why a call to a provider failed. None of them says anything about the people or accounts asked. */
export type ProviderFaultKind =
  /** The provider's address is not allowed (ALLOW_PRIVATE_PROVIDER_URLS, decision 60). */
  | 'ADDRESS_REFUSED'
  /** No answer: connection refused, unknown host, timeout. */
  | 'UNREACHABLE'
  /** The token endpoint refused the client credentials, or the provider refused a fresh token. */
  | 'CREDENTIALS_REFUSED'
  /** 429 for longer than the client waits. */
  | 'RATE_LIMITED'
  /** 5xx, after the retries. */
  | 'SERVER_ERROR'
  /** Another 4xx: the provider refused the request itself. */
  | 'REQUEST_REFUSED'
  /** An answer outside the protocol. */
  | 'BAD_ANSWER';

export class ProviderFault extends Error {
  constructor(
    readonly kind: ProviderFaultKind,
    message: string,
    /** The HTTP status the provider answered; 0 without one. */
    readonly status = 0,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }

  /** Worth asking again: the same request may well succeed. */
  get transient(): boolean {
    return this.kind === 'UNREACHABLE' || this.kind === 'SERVER_ERROR' || this.kind === 'BAD_ANSWER';
  }
}

export interface ProviderHttpOptions {
  timeoutMs: number;
  /** Attempts per request on 5xx, network errors, timeouts and answers outside the protocol. */
  maxAttempts: number;
  backoffBaseMs: number;
  /** The longest 429s are waited out, in all, before the call fails as RATE_LIMITED. */
  maxRetryAfterMs: number;
  /** The provider may be on a loopback, private or other non-public address (decision 60). */
  allowPrivateAddresses: boolean;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export const DEFAULT_PROVIDER_HTTP_OPTIONS: ProviderHttpOptions = {
  timeoutMs: 15_000,
  maxAttempts: 5,
  backoffBaseMs: 250,
  maxRetryAfterMs: 60_000,
  allowPrivateAddresses: false,
};

/**
 * A provider's answer: undici's `request` rather than `fetch`, whose WHATWG Request, Response and
 * streams cost the portal's one thread as much again as a batch's own work (DECISIONS 281).
 */
type Answer = Dispatcher.ResponseData;

/** A 429 without Retry-After is waited out this long. */
export const DEFAULT_RETRY_AFTER_MS = 1000;

export interface ProviderEndpoint {
  apiBaseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The token endpoint, relative to apiBaseUrl. */
  tokenPath: string;
}

export class ProviderHttp {
  readonly #base: string;
  readonly #opts: ProviderHttpOptions;
  readonly #dispatcher: Dispatcher | undefined;
  #token: { value: string; expiresAt: number } | undefined;
  #tokenRequest: Promise<string> | undefined;

  constructor(
    private readonly endpoint: ProviderEndpoint,
    options: Partial<ProviderHttpOptions> = {},
  ) {
    this.#base = endpoint.apiBaseUrl.replace(/\/+$/, '');
    this.#opts = { ...DEFAULT_PROVIDER_HTTP_OPTIONS, ...options };
    this.#dispatcher = providerDispatcher(this.#opts.allowPrivateAddresses);
  }

  /**
   * Runs `call` until it succeeds: a transient fault again after an exponential backoff with
   * jitter (up to maxAttempts), a 429 after its Retry-After (1 s without one; not an attempt).
   * What it finally throws is a ProviderFault.
   */
  async withRetries<T>(call: () => Promise<T>): Promise<T> {
    const sleep = this.#opts.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
    const random = this.#opts.random ?? Math.random;
    let waitedForRateLimit = 0;
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (err) {
        const fault = asFault(err);
        if (fault.kind === 'RATE_LIMITED') {
          const wait = fault.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
          waitedForRateLimit += wait;
          if (waitedForRateLimit > this.#opts.maxRetryAfterMs) throw fault;
          await sleep(wait);
          attempt -= 1; // waiting out a rate limit is not a failed attempt
          continue;
        }
        if (!fault.transient || attempt >= this.#opts.maxAttempts) throw fault;
        const backoff = this.#opts.backoffBaseMs * 2 ** (attempt - 1);
        await sleep(backoff / 2 + random() * backoff); // "equal jitter"
      }
    }
  }

  /** POSTs `body` as JSON with the bearer token (a new one once on 401); the JSON answer. */
  async postWithToken(path: string, body: unknown, refreshed = false): Promise<unknown> {
    const token = await this.accessToken();
    const res = await this.#post(path, body, token);
    if (res.statusCode === 401 && !refreshed) {
      await res.body.dump(); // the connection goes back to the pool
      this.#token = undefined;
      return this.postWithToken(path, body, true);
    }
    await throwIfNotOk(res, 'CREDENTIALS_REFUSED');
    return readJson(res);
  }

  /** The cached token, or a new one from the token endpoint (one request for concurrent callers). */
  async accessToken(): Promise<string> {
    if (this.#token && this.#token.expiresAt > Date.now()) return this.#token.value;
    this.#tokenRequest ??= (async () => {
      try {
        const res = await this.#post(this.endpoint.tokenPath, {
          clientId: this.endpoint.clientId,
          clientSecret: this.endpoint.clientSecret,
        });
        await throwIfNotOk(res, 'CREDENTIALS_REFUSED');
        const token = (await readJson(res)) as { accessToken?: unknown; expiresIn?: unknown } | null;
        if (typeof token?.accessToken !== 'string' || !token.accessToken)
          throw new ProviderFault(
            'BAD_ANSWER',
            'the provider answered without an access token',
            res.statusCode,
          );
        const expiresIn = Number.isInteger(token.expiresIn) ? (token.expiresIn as number) : 0;
        if (expiresIn <= 0)
          throw new ProviderFault(
            'BAD_ANSWER',
            'the provider answered a token without its lifetime',
            res.statusCode,
          );
        // Refresh a little early so that a token never expires in flight.
        this.#token = {
          value: token.accessToken,
          expiresAt: Date.now() + Math.max(1, expiresIn - 30) * 1000,
        };
        return token.accessToken;
      } finally {
        this.#tokenRequest = undefined;
      }
    })();
    return this.#tokenRequest;
  }

  async #post(path: string, body: unknown, token?: string): Promise<Answer> {
    try {
      // Before every connection: what the provider's host resolves to may change (issue #18).
      await assertProviderUrl(this.#base, this.#opts.allowPrivateAddresses);
      return await request(`${this.#base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.#opts.timeoutMs),
        dispatcher: this.#dispatcher,
      });
    } catch (err) {
      const refused = err instanceof ProviderAddressError ? err : addressRefusalOf(err);
      if (refused) throw new ProviderFault('ADDRESS_REFUSED', refused.message);
      const reason =
        (err as Error).name === 'TimeoutError'
          ? `no answer within ${this.#opts.timeoutMs} ms`
          : (err as Error).message;
      throw new ProviderFault('UNREACHABLE', `could not reach the provider: ${reason}`);
    }
  }
}

/** Any error of a call as a fault; one that is not (a payload that does not decrypt) is a bad answer. */
function asFault(err: unknown): ProviderFault {
  if (err instanceof ProviderFault) return err;
  return new ProviderFault('BAD_ANSWER', (err as Error).message);
}

async function readJson(res: Answer): Promise<unknown> {
  try {
    return await res.body.json();
  } catch {
    throw new ProviderFault('BAD_ANSWER', 'the provider answered something other than JSON', res.statusCode);
  }
}

/** A non-2xx answer as its fault; `unauthorized` is what a 401 or 403 means where it came. */
async function throwIfNotOk(res: Answer, unauthorized: ProviderFaultKind): Promise<void> {
  const status = res.statusCode;
  if (status >= 200 && status < 300) return;
  let message = '';
  try {
    message = ((await res.body.json()) as { message?: string }).message ?? '';
  } catch {
    // not JSON (what is left of the body is dropped with the answer)
    await res.body.dump().catch(() => undefined);
  }
  const text = `the provider answered ${status}${message ? `: ${message}` : ''}`;
  if (status === 429) {
    const header = res.headers['retry-after'];
    const retryAfter = Number((Array.isArray(header) ? header[0] : header) ?? Number.NaN);
    const ms = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : undefined;
    throw new ProviderFault('RATE_LIMITED', text, 429, ms);
  }
  if (status >= 500) throw new ProviderFault('SERVER_ERROR', text, status);
  if (status === 401 || status === 403) throw new ProviderFault(unauthorized, text, status);
  throw new ProviderFault('REQUEST_REFUSED', text, status);
}
