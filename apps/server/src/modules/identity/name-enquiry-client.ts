import {
  answersQueries,
  NAME_ENQUIRY_BATCH_MAX,
  NAME_ENQUIRY_PATHS,
  NameEnquiryBatchResponseSchema,
  type AccountQuery,
  type AccountResult,
} from '@portal/optima/name-enquiry/protocol';
import { ProviderFault, ProviderHttp, type ProviderHttpOptions } from './provider-http.ts';

/** A tenant's account name provider with its secret opened (account-provider-settings.ts). */
export interface NameEnquirySettings {
  apiBaseUrl: string;
  clientId: string;
  clientSecret: string;
}

export type ConnectionOutcome = { ok: true; message: string } | { ok: false; message: string };

/**
 * Client of one tenant's account name provider (the name-enquiry protocol, issue #36 item 2,
 * packages/optima/src/name-enquiry/PROTOCOL.md) on the shared provider HTTP (provider-http.ts).
 * `lookup` answers each account FOUND, CLOSED or NOT_FOUND as the provider said, or throws a
 * ProviderFault: a provider that is down, failing, limiting or refusing the credentials never
 * makes an account NOT_FOUND. It never logs accounts, tokens or secrets.
 */
export class NameEnquiryClient {
  readonly #http: ProviderHttp;

  constructor(settings: NameEnquirySettings, options: Partial<ProviderHttpOptions> = {}) {
    this.#http = new ProviderHttp({ ...settings, tokenPath: NAME_ENQUIRY_PATHS.token }, options);
  }

  /** Looks up to NAME_ENQUIRY_BATCH_MAX accounts; one result for each, in their order. */
  async lookup(batch: readonly AccountQuery[]): Promise<AccountResult[]> {
    if (batch.length === 0) return [];
    if (batch.length > NAME_ENQUIRY_BATCH_MAX)
      throw new RangeError(`at most ${NAME_ENQUIRY_BATCH_MAX} accounts per batch`);
    const items = batch.map(({ bankCode, accountNumber }) => ({ bankCode, accountNumber }));
    return this.#http.withRetries(async () => {
      const answer = NameEnquiryBatchResponseSchema.safeParse(
        await this.#http.postWithToken(NAME_ENQUIRY_PATHS.batch, { items }),
      );
      if (!answer.success)
        throw new ProviderFault('BAD_ANSWER', 'the provider answered outside the name-enquiry protocol', 200);
      if (!answersQueries(items, answer.data.items))
        throw new ProviderFault(
          'BAD_ANSWER',
          'the provider did not answer each account asked, in order',
          200,
        );
      return answer.data.items;
    });
  }

  /** Asks for a token with the stored credentials: the connection test of the tenant form. */
  async testConnection(): Promise<ConnectionOutcome> {
    try {
      await this.#http.accessToken();
      return { ok: true, message: 'Connected to the account name provider: it issued a token' };
    } catch (err) {
      if (!(err instanceof ProviderFault)) throw err;
      return { ok: false, message: connectionFailure(err) };
    }
  }
}

/** What the connection test says of a fault (the guard's own words for a refused address). */
function connectionFailure(fault: ProviderFault): string {
  switch (fault.kind) {
    case 'ADDRESS_REFUSED':
      return fault.message;
    case 'CREDENTIALS_REFUSED':
      return `The provider refused the client ID and secret (${fault.message})`;
    case 'UNREACHABLE':
      return `Could not reach the provider: ${fault.message.replace(/^could not reach the provider: /, '')}`;
    default:
      return `The provider did not issue a token: ${fault.message}`;
  }
}
