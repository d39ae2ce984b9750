import { fetch, type Response } from 'undici';
import {
  addressRefusalOf,
  assertProviderUrl,
  ProviderAddressError,
  providerDispatcher,
} from './provider-address.ts';

/** Asks an OPTIMA provider for a token (DESIGN §5); used by the connection test. */
export interface ProviderCredentials {
  apiBaseUrl: string;
  clientId: string;
  clientSecret: string;
}

export type TokenOutcome =
  { ok: true; accessToken: string; expiresIn: number } | { ok: false; message: string };

export async function requestProviderToken(
  creds: ProviderCredentials,
  opts: { allowPrivateAddresses: boolean; timeoutMs?: number },
): Promise<TokenOutcome> {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const url = `${creds.apiBaseUrl.replace(/\/+$/, '')}/auth/token`;
  try {
    await assertProviderUrl(url, opts.allowPrivateAddresses);
  } catch (err) {
    if (err instanceof ProviderAddressError) return { ok: false, message: err.message };
    throw err;
  }
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ clientId: creds.clientId, clientSecret: creds.clientSecret }),
      signal: AbortSignal.timeout(timeoutMs),
      dispatcher: providerDispatcher(opts.allowPrivateAddresses),
    });
  } catch (err) {
    const refused = addressRefusalOf(err);
    if (refused) return { ok: false, message: refused.message };
    const reason =
      err instanceof Error && err.name === 'TimeoutError'
        ? `no answer within ${timeoutMs / 1000} s`
        : (err as Error).message;
    return { ok: false, message: `Could not reach the provider: ${reason}` };
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    const message = (body as { message?: unknown } | undefined)?.message;
    return {
      ok: false,
      message: `The provider answered ${res.status}${typeof message === 'string' ? `: ${message}` : ''}`,
    };
  }
  const token = body as { accessToken?: unknown; expiresIn?: unknown } | undefined;
  if (typeof token?.accessToken !== 'string') {
    return { ok: false, message: 'The provider answered without an access token' };
  }
  return { ok: true, accessToken: token.accessToken, expiresIn: Number(token.expiresIn ?? 0) };
}
