import { ARREARS_CSV_COLUMNS, arrearsFileName } from '@portal/contract/appeals';
import { koboToNaira } from '@portal/contract/payroll';
import { dayIn } from '@portal/contract/time-zone';
import { scopeOf, type Actor } from '../../access/actor.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import type { ArrearsReportRepo } from './arrears-report.repo.ts';

export interface ArrearsReportDeps {
  repo: ArrearsReportRepo;
  audit: AuditRepo;
  /** The tenant's time zone (platform/tenant-time-zone.ts): the file's day and its instants. */
  timeZoneOf: (tenantId: string) => Promise<string>;
  now: () => Date;
}

/**
 * The arrears report for the payroll office (issue #34 item 3): each reinstated person's appeal,
 * decision, missed periods and the naira owed, as a CSV (UTF-8 with a byte order mark and CRLF, as
 * the payroll file, so spreadsheets read the names right). The download is audited with its count
 * and total.
 */
export class ArrearsReport {
  constructor(private readonly deps: ArrearsReportDeps) {}

  async csv(actor: Actor): Promise<{ fileName: string; body: string }> {
    const scope = scopeOf(actor);
    const zone = await this.deps.timeZoneOf(scope.tenantId);
    const rows = await this.deps.repo.lines(scope, zone);
    await this.deps.audit.append({
      tenantId: scope.tenantId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      address: actor.address ?? null,
      action: 'APPEAL_ARREARS_DOWNLOADED',
      entityType: 'arrears_report',
      after: {
        rows: rows.length,
        arrearsOwed: koboToNaira(rows.reduce((n, r) => n + (r.arrearsKobo ?? 0), 0)),
        payUnknown: rows.filter((r) => r.arrearsKobo === null).length,
      },
    });
    const lines = [ARREARS_CSV_COLUMNS.join(','), ...rows.map((r) => r.line)];
    return {
      fileName: arrearsFileName(dayIn(this.deps.now(), zone)),
      body: `\uFEFF${lines.map((l) => `${l}\r\n`).join('')}`,
    };
  }
}
