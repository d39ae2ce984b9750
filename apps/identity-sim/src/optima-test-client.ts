import {
  OPTIMA_PATHS,
  OptimaBatchResultSchema,
  OptimaEnvelopeSchema,
  OptimaLookupResultSchema,
  type OptimaBatchResult,
  type OptimaLookupQuery,
  type OptimaLookupResult,
} from '@portal/optima/protocol';
import {
  decryptPayload,
  encryptPayload,
  parseOptimaKeys,
  type OptimaKeys,
} from '@portal/optima/payload-crypto';
import { DEMO_CREDENTIALS } from '@portal/optima/demo-provider';

/**
 * A bare OPTIMA client for the simulator's tests: one HTTP call per method, no retries, so a test
 * sees exactly what the server answered. The portal has its own client with retry rules.
 */
export interface RawResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

export class OptimaTestClient {
  readonly baseUrl: string;
  readonly keys: OptimaKeys;
  token: string | undefined;

  constructor(
    baseUrl: string,
    keys: OptimaKeys = parseOptimaKeys(DEMO_CREDENTIALS.aesKey, DEMO_CREDENTIALS.iv),
  ) {
    this.baseUrl = baseUrl;
    this.keys = keys;
  }

  async post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<RawResponse> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
  }

  async signIn(
    clientId: string = DEMO_CREDENTIALS.clientId,
    clientSecret: string = DEMO_CREDENTIALS.clientSecret,
  ): Promise<RawResponse> {
    const res = await this.post(OPTIMA_PATHS.token, { clientId, clientSecret });
    if (res.status === 200) this.token = (res.body as { accessToken: string }).accessToken;
    return res;
  }

  /** Posts `value` encrypted; the result's body is the decrypted payload when the status is 200. */
  async postEncrypted(path: string, value: unknown): Promise<RawResponse> {
    const headers: Record<string, string> = this.token ? { authorization: `Bearer ${this.token}` } : {};
    const res = await this.post(path, { payload: encryptPayload(this.keys, value) }, headers);
    if (res.status !== 200) return res;
    const envelope = OptimaEnvelopeSchema.parse(res.body);
    return { ...res, body: decryptPayload(this.keys, envelope.payload) };
  }

  async lookup(query: OptimaLookupQuery): Promise<OptimaLookupResult> {
    const res = await this.postEncrypted(OPTIMA_PATHS.lookup, query);
    if (res.status !== 200) throw new Error(`lookup answered ${res.status}`);
    return OptimaLookupResultSchema.parse(res.body);
  }

  async lookupBatch(items: OptimaLookupQuery[]): Promise<OptimaBatchResult> {
    const res = await this.postEncrypted(OPTIMA_PATHS.lookupBatch, { items });
    if (res.status !== 200) throw new Error(`lookup-batch answered ${res.status}`);
    return OptimaBatchResultSchema.parse(res.body);
  }
}
