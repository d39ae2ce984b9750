import type { FlagsPage, IntegrityFlag, IntegritySummary } from '@portal/contract/integrity';
import type { MasterRecord } from '@portal/contract/records';
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

/**
 * `currentSummary` for one caller, each call waiting for a run that ended after the one the previous
 * call saw (a tenant's runs follow each other). The portal and token are read at each call, as test
 * files set them in beforeAll.
 */
export function summaryAfterEachRun(portal: () => TestPortal, token: () => string) {
  let last: string | null = null;
  return async (): Promise<IntegritySummary> => {
    const summary = await currentSummary(portal(), token(), last);
    last = summary.evaluatedAt;
    return summary;
  };
}

/** A rule's line of a summary. */
export const ruleIn = (summary: IntegritySummary, code: string) =>
  summary.rules.find((r) => r.code === code)!;

/** A record of the first 100 the token reaches, by PSN. */
export async function recordByPsn(portal: TestPortal, token: string, psn: string): Promise<MasterRecord> {
  const res = await portal.api.get('/api/v1/records?pageSize=100', { token });
  return (res.json().items as MasterRecord[]).find((r) => r.psn === psn)!;
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
