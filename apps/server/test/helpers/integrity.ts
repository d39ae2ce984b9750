import type { FlagsPage, IntegrityFlag, IntegritySummary } from '@portal/contract/integrity';
import { waitFor, type TestPortal } from './test-portal.ts';

/**
 * The summary once the rules have been evaluated after the last change (status CURRENT), by a run
 * that ended after `since` (an earlier summary's evaluatedAt) when given.
 */
export async function currentSummary(
  portal: TestPortal,
  token: string,
  since?: string | null,
): Promise<IntegritySummary> {
  return waitFor(async () => {
    const res = await portal.api.get('/api/v1/integrity/summary', { token });
    if (res.statusCode !== 200) throw new Error(`summary: ${res.statusCode} ${res.body}`);
    const summary = res.json() as IntegritySummary;
    const later = !since || (summary.evaluatedAt !== null && summary.evaluatedAt > since);
    return summary.status === 'CURRENT' && later ? summary : undefined;
  }, 60_000);
}

/** Every flag of a status (OPEN unless said) the token reaches, all pages. */
export async function allFlags(portal: TestPortal, token: string, query = ''): Promise<IntegrityFlag[]> {
  const flags: IntegrityFlag[] = [];
  for (let page = 1; ; page++) {
    const res = await portal.api.get(`/api/v1/integrity/flags?pageSize=100&page=${page}${query}`, { token });
    if (res.statusCode !== 200) throw new Error(`flags: ${res.statusCode} ${res.body}`);
    const body = res.json() as FlagsPage;
    flags.push(...body.items);
    if (flags.length >= body.total || body.items.length === 0) return flags;
  }
}

/** Flags by rule: the PSNs each rule flagged, sorted. */
export function psnsByRule(flags: IntegrityFlag[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const f of flags) (out[f.rule] ??= []).push(f.psn ?? f.recordId);
  for (const k of Object.keys(out)) out[k]!.sort();
  return out;
}

/** A decision on a flag. */
export function decide(
  portal: TestPortal,
  token: string,
  id: string,
  body: { decision: string; reasonCode?: string; note?: string },
) {
  return portal.api.post(`/api/v1/integrity/flags/${id}/decision`, { token, body });
}
