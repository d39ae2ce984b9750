import type { PublicIdentitySourceConfig, Tenant } from '@portal/contract/tenants';

export type ParsedIdentitySourceConfig =
  { status: 'unset' } | { status: 'invalid' } | { status: 'ok'; config: Partial<PublicIdentitySourceConfig> };

/** `identitySourceConfig` is a JSON string (SPEC §3); anything but a JSON object is invalid. */
export function parseIdentitySourceConfig(raw: string | null | undefined): ParsedIdentitySourceConfig {
  if (raw === null || raw === undefined || raw.trim() === '') return { status: 'unset' };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { status: 'invalid' };
    return { status: 'ok', config: parsed as Partial<PublicIdentitySourceConfig> };
  } catch {
    return { status: 'invalid' };
  }
}

export type ValidationUrlDisplay = { kind: 'not-set' } | { kind: 'invalid' } | { kind: 'link'; url: string };

const WEB_URL = /^https?:\/\//i;

/**
 * What the Validation URL column shows (SPEC §2): 'Not Set' without a config or URL, 'Invalid
 * Config' when the config does not parse, else a link. Only http(s) URLs become links, so a
 * stored `javascript:` URL can never run.
 */
export function validationUrlDisplay(tenant: Pick<Tenant, 'identitySourceConfig'>): ValidationUrlDisplay {
  const parsed = parseIdentitySourceConfig(tenant.identitySourceConfig);
  if (parsed.status === 'unset') return { kind: 'not-set' };
  if (parsed.status === 'invalid') return { kind: 'invalid' };
  const url = parsed.config.validationUrl;
  if (url === null || url === undefined || url === '') return { kind: 'not-set' };
  if (typeof url !== 'string' || !WEB_URL.test(url)) return { kind: 'invalid' };
  return { kind: 'link', url };
}
