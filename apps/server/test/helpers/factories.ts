import crypto from 'node:crypto';
import type { TenantCreate } from '@portal/contract/tenants';

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

/** A valid tenant form payload; override what the test is about. */
export function buildTenantInput(overrides: Partial<TenantCreate> = {}): TenantCreate {
  return {
    name: 'Lagos State Civil Service',
    subdomain: `lagos-${unique()}`,
    stateCode: 'LA',
    description: 'Personnel of the Lagos State civil service',
    subscriptionStatus: 'ACTIVE',
    providerName: 'OPTIMA',
    apiBaseUrl: 'http://127.0.0.1:9/optima',
    validationUrl: 'https://validation.example.gov.ng/lagos',
    clientId: 'lagos-client',
    clientSecretEncrypted: `client-secret-${crypto.randomBytes(6).toString('hex')}`,
    aesKey: crypto.randomBytes(32).toString('base64'),
    iv: crypto.randomBytes(16).toString('hex'),
    ...overrides,
  };
}

export function buildUserInput(tenantId: string, overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Ngozi Okafor',
    email: `ngozi.${unique()}@example.gov.ng`,
    password: 'Str0ng-Passw0rd',
    role: 'TENANT_ADMIN',
    tenantId,
    ...overrides,
  };
}
