import { describe, expect, it } from 'vitest';
import { OPTIMA_PATHS } from '@portal/optima/protocol';
import { OptimaTestClient } from './optima-test-client.ts';
import { mulberry32 } from './prng.ts';
import { buildPerson, buildPopulation, ninOf } from './simulator-test-support.ts';
import { startSimulator, type SimulatorOptions } from './simulator.ts';

const population = buildPopulation([buildPerson({ nin: ninOf(1) })]);

async function withSimulator(options: SimulatorOptions, run: (client: OptimaTestClient) => Promise<void>) {
  const sim = await startSimulator({ port: 0, population, ...options });
  try {
    const client = new OptimaTestClient(sim.url);
    await client.signIn();
    await run(client);
  } finally {
    await sim.close();
  }
}

describe('--error-rate', () => {
  it('answers about that share of lookups with 500 or 503, never the token endpoint', async () => {
    await withSimulator({ errorRate: 0.3, random: mulberry32(42) }, async (client) => {
      const statuses: number[] = [];
      for (let i = 0; i < 300; i += 1) {
        statuses.push((await client.postEncrypted(OPTIMA_PATHS.lookup, { nin: ninOf(1) })).status);
      }
      const failures = statuses.filter((status) => status >= 500);
      expect(failures.length / statuses.length).toBeGreaterThan(0.2);
      expect(failures.length / statuses.length).toBeLessThan(0.4);
      expect(new Set(failures)).toEqual(new Set([500, 503]));
      expect(statuses.filter((status) => status !== 200 && status < 500)).toEqual([]);
      for (let i = 0; i < 20; i += 1) expect((await client.signIn()).status).toBe(200);
    });
  });
});

describe('--rate-limit', () => {
  it('answers 429 with Retry-After in whole seconds above the rate, and recovers after it', async () => {
    // A frozen clock makes the burst instantaneous however slow the machine is.
    let now = Date.UTC(2025, 0, 1);
    await withSimulator({ rateLimit: 5, clock: () => now }, async (client) => {
      const burst = await Promise.all(
        Array.from({ length: 12 }, () => client.postEncrypted(OPTIMA_PATHS.lookup, { nin: ninOf(1) })),
      );
      const limited = burst.filter((res) => res.status === 429);
      expect(burst.filter((res) => res.status === 200)).toHaveLength(5);
      expect(limited).toHaveLength(7);
      for (const res of limited) {
        expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
        expect(res.body).toEqual({ message: 'Too many requests' });
      }
      expect((await client.signIn()).status).toBe(200); // the token endpoint is not limited
      now += Number(limited[0]?.headers.get('retry-after')) * 1000;
      expect((await client.postEncrypted(OPTIMA_PATHS.lookup, { nin: ninOf(1) })).status).toBe(200);
    });
  });
});

describe('--latency-ms and --jitter-ms', () => {
  it('delays every protocol response by at least the latency', async () => {
    await withSimulator({ latencyMs: 120, jitterMs: 40 }, async (client) => {
      for (let i = 0; i < 3; i += 1) {
        const started = performance.now();
        await client.lookup({ nin: ninOf(1) });
        const elapsed = performance.now() - started;
        expect(elapsed).toBeGreaterThanOrEqual(118); // timers may round down by a millisecond
      }
    });
  });
});
