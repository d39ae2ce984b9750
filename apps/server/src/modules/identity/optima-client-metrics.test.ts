import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from '@portal/optima/demo-provider';
import { registry } from '../../platform/metrics.ts';
import { LookupFailedError, ProviderDownError } from './circuit-breaker.ts';
import { OptimaClient } from './optima-client.ts';

/**
 * The identity-provider metrics (issue #37 item 2): each identity asked is counted by outcome, each
 * batch timed, and the breaker's opening counted, against a provider that answers 500.
 */
let server: http.Server;
let baseUrl = '';
beforeAll(async () => {
  server = http.createServer((_req, res) => res.writeHead(500).end('{"message":"down"}'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

/** A counter's value, or a histogram's `_count`, for the labels given. */
async function value(name: string, labels: Record<string, string> = {}): Promise<number> {
  const values = (await registry.getMetricsAsJSON()).flatMap((m) =>
    m.values.map((v) => ({ ...v, name: (v as { metricName?: string }).metricName ?? m.name })),
  );
  const found = values.find(
    (v) =>
      v.name === name &&
      Object.entries(labels).every(([k, l]) => (v.labels as Record<string, unknown>)[k] === l),
  );
  return found?.value ?? 0;
}

it('counts failed lookups, the circuit opening and the lookups refused while it is open', async () => {
  const before = {
    failed: await value('portal_identity_lookups_total', { outcome: 'failed' }),
    open: await value('portal_identity_lookups_total', { outcome: 'circuit_open' }),
    opened: await value('portal_identity_circuit_opened_total'),
    timed: await value('portal_identity_lookup_duration_seconds_count', { outcome: 'failed' }),
  };
  const client = new OptimaClient(
    { apiBaseUrl: baseUrl, ...DEMO_CREDENTIALS },
    { allowPrivateAddresses: true, maxAttempts: 1, breakerThreshold: 2, sleep: async () => undefined },
  );
  const two = [
    { ssid: 'DM0000001', nin: '10000000001' },
    { ssid: 'DM0000002', nin: '10000000002' },
  ];
  await expect(client.lookupBatch(two)).rejects.toBeInstanceOf(LookupFailedError);
  await expect(client.lookupBatch(two)).rejects.toBeInstanceOf(ProviderDownError); // opens
  await expect(client.lookupBatch(two)).rejects.toBeInstanceOf(ProviderDownError); // refused
  expect(await value('portal_identity_lookups_total', { outcome: 'failed' })).toBe(before.failed + 4);
  expect(await value('portal_identity_lookup_duration_seconds_count', { outcome: 'failed' })).toBe(
    before.timed + 2,
  );
  expect(await value('portal_identity_circuit_opened_total')).toBe(before.opened + 1);
  expect(await value('portal_identity_lookups_total', { outcome: 'circuit_open' })).toBe(before.open + 2);
});
