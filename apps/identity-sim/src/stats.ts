/** Request counters for tests and benchmarks; GET /stats serves a snapshot. */
export interface SimulatorStats {
  startedAt: string;
  /** Requests by route (e.g. '/identity/lookup', 'unmatched') and HTTP status. */
  requests: Record<string, Record<string, number>>;
  /** Identities looked up through /identity/lookup and /identity/lookup-batch, and how many were found. */
  identities: { requested: number; found: number };
}

export interface StatsRecorder {
  recordRequest(route: string, status: number): void;
  recordIdentities(requested: number, found: number): void;
  snapshot(): SimulatorStats;
}

export function createStatsRecorder(clock: () => number): StatsRecorder {
  const startedAt = new Date(clock()).toISOString();
  const requests: Record<string, Record<string, number>> = {};
  const identities = { requested: 0, found: 0 };
  return {
    recordRequest(route, status) {
      const byStatus = (requests[route] ??= {});
      byStatus[status] = (byStatus[status] ?? 0) + 1;
    },
    recordIdentities(requested, found) {
      identities.requested += requested;
      identities.found += found;
    },
    snapshot() {
      return {
        startedAt,
        requests: Object.fromEntries(
          Object.entries(requests).map(([route, counts]) => [route, { ...counts }]),
        ),
        identities: { ...identities },
      };
    },
  };
}
