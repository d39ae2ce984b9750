import type { AuditFilter } from '@portal/contract/audit';

/** What the filters hold as typed: blank is 'any'. */
export interface AuditFilterValues {
  actor: string;
  action: string;
  record: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilterValues = { actor: '', action: '', record: '', from: '', to: '' };

/** The API's query of the filters: trimmed, blank ones left out, a reversed date range put right. */
export function auditQueryOf(f: AuditFilterValues): AuditFilter {
  const trimmed = (v: string) => v.trim() || undefined;
  let [from, to] = [trimmed(f.from), trimmed(f.to)];
  if (from && to && from > to) [from, to] = [to, from];
  return { actor: trimmed(f.actor), action: trimmed(f.action), record: trimmed(f.record), from, to };
}

export const hasAuditFilters = (f: AuditFilterValues) =>
  Object.values(auditQueryOf(f)).some((v) => v !== undefined);
