import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { TenantScope } from '../../access/actor.ts';
import { snapshotLiteral, type Orm } from '../../platform/db.ts';
import { tenantTimeZone, zoneLiteral } from '../../platform/tenant-time-zone.ts';
import { DEFAULT_TIME_ZONE } from '@portal/contract/time-zone';
import { SQL_PATTERNS } from '@portal/contract/salary-grade';
import { exportChunks, exportJobs } from '../../db/schema/index.ts';
import { AWAITING_SECOND_APPROVAL, inPayrollBranchesSql, inPayrollSql } from '../records/record-state.ts';

export type ExportRow = typeof exportJobs.$inferSelect;

/** The UTF-8 byte order mark that opens every payroll file (spreadsheet programs read it as UTF-8). */
export const EXPORT_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Advisory-lock key of one export: held by the transaction that writes it. */
export const exportLockKey = (id: string) => sql`hashtextextended(${`export:${id}`}, 0)`;

/**
 * The records a payroll export carries (record-state's rule: VALIDATED, or awaiting a second
 * approver's rejection having been VALIDATED), as SQL with constants: COPY takes no parameters.
 */
const PAYROLL = inPayrollSql('r');
/** The same rule's two branches: the members read the first from the (tenant, status) index alone. */
const [PAID, PAID_WHILE_AWAITING] = inPayrollBranchesSql('r');

/** A VALIDATED record whose salary grade id names another grade than its grade level. */
export type SalaryGradeConflict = {
  psn: string | null;
  fullName: string;
  gradeLevel: string;
  salaryGradeId: string;
};

/**
 * The tenant's VALIDATED records whose salary grade id names another grade than their grade level
 * (the contract's salary-grade rule, same patterns), the first `limit` by PSN, and how many in all.
 */
export async function salaryGradeConflicts(
  orm: Orm,
  scope: TenantScope,
  limit: number,
): Promise<{ total: number; first: SalaryGradeConflict[] }> {
  const result = await orm.execute<SalaryGradeConflict & { total: number }>(sql`
    select psn, full_name as "fullName", grade_level as "gradeLevel", salary_grade_id as "salaryGradeId",
      count(*) over ()::int as total
    from (
      select r.psn, r.full_name, r.grade_level, r.salary_grade_id,
        substring(trim(r.grade_level) from ${SQL_PATTERNS.grade})::int as level,
        substring(trim(r.salary_grade_id) from ${SQL_PATTERNS.salaryGrade})::int as named
      from records r
      where r.tenant_id = ${scope.tenantId} and ${sql.raw(PAYROLL)} and r.salary_grade_id is not null
    ) x
    where level <> named
    order by psn, full_name
    limit ${limit}`);
  return {
    total: result.rows[0]?.total ?? 0,
    first: result.rows.map(({ total: _total, ...row }) => row),
  };
}

export class ExportsRepo {
  constructor(readonly orm: Orm) {}

  salaryGradeConflicts(scope: TenantScope, limit: number) {
    return salaryGradeConflicts(this.orm, scope, limit);
  }

  /** `secondApprover`: the four-eyes rule when it is requested, which the export keeps (issue #30). */
  async create(
    scope: TenantScope,
    actor: { userId: string; email: string },
    secondApprover: boolean,
  ): Promise<ExportRow> {
    const [row] = await this.orm
      .insert(exportJobs)
      .values({
        tenantId: scope.tenantId,
        exportedBy: actor.userId,
        exportedByEmail: actor.email,
        secondApprover,
      })
      .returning();
    return row!;
  }

  async list(scope: TenantScope): Promise<ExportRow[]> {
    return this.orm
      .select()
      .from(exportJobs)
      .where(eq(exportJobs.tenantId, scope.tenantId))
      .orderBy(desc(exportJobs.createdAt))
      .limit(500);
  }

  /** The PENDING approval of each export awaiting one (issue #22), by export id. */
  async pendingApprovals(scope: TenantScope): Promise<Map<string, string>> {
    const result = await this.orm.execute<{ id: string; export_id: string }>(sql`
      select id, export_id from approvals
      where tenant_id = ${scope.tenantId} and status = 'PENDING' and kind = 'EXPORT'`);
    return new Map(result.rows.map((r) => [r.export_id, r.id]));
  }

  /** The tenant's state code, for the file's name. */
  async stateCode(scope: TenantScope): Promise<string> {
    const result = await this.orm.execute<{ state_code: string }>(
      sql`select state_code from tenants where id = ${scope.tenantId}`,
    );
    return result.rows[0]?.state_code ?? '';
  }

  async get(scope: TenantScope, id: string): Promise<ExportRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(exportJobs)
      .where(and(eq(exportJobs.tenantId, scope.tenantId), eq(exportJobs.id, id)));
    return row;
  }

  /**
   * The export starts; answers whether a second approver was required when it was requested
   * (issue #30), or undefined when it is no longer PENDING.
   */
  async markProcessing(scope: TenantScope, id: string): Promise<{ secondApprover: boolean } | undefined> {
    const rows = await this.orm
      .update(exportJobs)
      .set({ status: 'PROCESSING', startedAt: sql`now()` })
      .where(
        and(eq(exportJobs.tenantId, scope.tenantId), eq(exportJobs.id, id), eq(exportJobs.status, 'PENDING')),
      )
      .returning({ secondApprover: exportJobs.secondApprover });
    return rows[0];
  }

  async markFailed(scope: TenantScope, id: string, message: string): Promise<void> {
    await this.orm
      .update(exportJobs)
      .set({ status: 'FAILED', statusMessage: message, finishedAt: sql`now()` })
      .where(
        and(
          eq(exportJobs.tenantId, scope.tenantId),
          eq(exportJobs.id, id),
          sql`${exportJobs.status} in ('PENDING', 'PROCESSING')`,
        ),
      );
  }

  /** The next chunk of the file (by sequence), for streaming a download. */
  async chunkAfter(exportId: string, seq: number): Promise<{ seq: number; data: string } | undefined> {
    const [row] = await this.orm
      .select({ seq: exportChunks.seq, data: exportChunks.data })
      .from(exportChunks)
      .where(and(eq(exportChunks.exportId, exportId), gt(exportChunks.seq, seq)))
      .orderBy(asc(exportChunks.seq))
      .limit(1);
    return row ? { seq: row.seq, data: row.data } : undefined;
  }

  /**
   * Note: unscoped on purpose: the watchdog looks at every tenant's unfinished exports; one whose
   * writing transaction is gone (its advisory lock is free) was interrupted.
   */
  async failInterrupted(message: string): Promise<number> {
    const rows = await this.orm.execute<{ id: string }>(
      sql`select id from export_jobs where status = 'PROCESSING' and started_at < now() - interval '30 seconds'`,
    );
    let failed = 0;
    for (const { id } of rows.rows) {
      const done = await this.orm.transaction(async (tx) => {
        const free = await tx.execute<{ ok: boolean }>(
          sql`select pg_try_advisory_xact_lock(${exportLockKey(id)}) as ok`,
        );
        if (!free.rows[0]?.ok) return false;
        const r = await tx.execute(sql`
          update export_jobs set status = 'FAILED', status_message = ${message}, finished_at = now()
          where id = ${id} and status = 'PROCESSING' returning id`);
        return r.rows.length > 0;
      });
      if (done) failed += 1;
    }
    return failed;
  }
}

/**
 * The records an export's file carries (export_members, issue #22: what the next export's approver
 * compares with), one array written by one statement over the same rule as the lines. On PostgreSQL it runs on a
 * connection of its own while COPY reads the lines (as the lines, its own snapshot of the same
 * moment), so it adds no time to the export; a failed export's members are dropped.
 */
export async function writeExportMembers(
  orm: Orm,
  scope: TenantScope,
  exportId: string,
  snapshot?: string,
): Promise<void> {
  const insert = (tx: Orm) =>
    tx.execute(sql`
      insert into export_members (export_id, record_ids)
      select ${exportId}::uuid, coalesce(array_agg(m.id), '{}') from (
        select r.id from records r where r.tenant_id = ${scope.tenantId} and ${sql.raw(PAID)}
        union all
        select r.id from records r where r.tenant_id = ${scope.tenantId} and ${sql.raw(PAID_WHILE_AWAITING)}
      ) m`);
  if (!snapshot) return void (await insert(orm));
  // The export's own snapshot: the members are exactly the file's lines, whatever committed since.
  await orm.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    await tx.execute(sql.raw(`set transaction snapshot ${snapshotLiteral(snapshot)}`));
    await insert(tx);
  });
}

/** A failed export's members (written beside its transaction on PostgreSQL). */
export async function dropExportMembers(orm: Orm, exportId: string): Promise<void> {
  await orm.execute(sql`delete from export_members where export_id = ${exportId}`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The payroll lines of a tenant's VALIDATED records, grouped as a payroll officer reads them: by
 * ministry, department, then name. Each row is already its CSV line (csv_field, migration 0010), in
 * EXPORT_COLUMNS order. The tenant id goes in where `tenant` is: COPY takes no parameters, so there
 * it is written into the statement after it is checked to be a UUID; so is the tenant's time zone
 * (a checked, quoted name), in which Validated At is written (ISO 8601 with its offset, issue #31).
 */
const payrollLinesQuery = (
  tenant: string,
  zone: string,
) => `select concat_ws(',', csv_field(r.psn), csv_field(r.employee_id), csv_field(r.full_name), csv_field(m.name),
      csv_field(d.name), csv_field(r.grade_level), csv_field(r.salary_grade_id), csv_field(r.salary_structure),
      csv_field(r.nin), to_char(r.date_of_birth, 'YYYY-MM-DD'),
      csv_field(case when r.status = '${AWAITING_SECOND_APPROVAL}' then r.status_before_approval else r.status end),
      iso_in_zone(r.validated_at, ${zoneLiteral(zone)})) as line
    from records r
    left join ministries m on m.id = r.ministry_id
    left join departments d on d.id = r.department_id
    where r.tenant_id = ${tenant} and ${PAYROLL}
    order by m.name, d.name, r.full_name, r.id`;

function tenantLiteral(tenantId: string): string {
  if (!UUID.test(tenantId)) throw new Error('invalid tenant id');
  return `'${tenantId}'`;
}

const COPY_ESCAPES: Record<string, string> = {
  '\\': '\\',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

/**
 * Whole rows of COPY's text format (one column, each row ending in LF) as CSV lines ending in CRLF:
 * the backslash escapes COPY writes for a backslash and the control characters are undone.
 */
export function copyRowsToLines(text: string): string {
  if (!text.includes('\\')) return text.replaceAll('\n', '\r\n');
  return text.replace(/\\(.)|\n/g, (_, escaped: string | undefined) =>
    escaped === undefined ? '\r\n' : (COPY_ESCAPES[escaped] ?? escaped),
  );
}

const LF = 0x0a;
const CR = 0x0d;
const BACKSLASH = 0x5c;

/**
 * The same on bytes: `rows` is the first `end` bytes of COPY output, ending with a row. Without a
 * backslash (the usual case) only a CR goes before each LF, with no text decoding.
 */
export function copyBytesToLines(rows: Buffer, end: number): { bytes: Buffer; rows: number } {
  const ends: number[] = [];
  for (let i = rows.indexOf(LF); i !== -1 && i < end; i = rows.indexOf(LF, i + 1)) ends.push(i);
  const escaped = rows.indexOf(BACKSLASH);
  if (escaped !== -1 && escaped < end) {
    return { bytes: Buffer.from(copyRowsToLines(rows.toString('utf8', 0, end)), 'utf8'), rows: ends.length };
  }
  const bytes = Buffer.allocUnsafe(end + ends.length);
  let from = 0;
  let to = 0;
  for (const lf of ends) {
    to += rows.copy(bytes, to, from, lf);
    bytes[to++] = CR;
    bytes[to++] = LF;
    from = lf + 1;
  }
  return { bytes, rows: ends.length };
}

/** The size of a cursor page when the lines are read without COPY (PGlite). */
const CURSOR_PAGE = 20_000;

/**
 * The writing side: one transaction writes the file's chunks and marks the export COMPLETED, so a
 * file is either whole or absent. The lines come from one consistent snapshot: a single COPY
 * statement on a connection of its own (PostgreSQL), or a cursor in the writing transaction
 * (PGlite, a single connection) whose isolation is repeatable read.
 */
export class ExportWriter {
  constructor(
    private readonly tx: Orm,
    private readonly scope: TenantScope,
    private readonly exportId: string,
    private readonly copyOut?: (statement: string, snapshot?: string) => AsyncIterable<Buffer>,
  ) {}

  /**
   * On PostgreSQL, the snapshot of the export's transaction, exported (pg_export_snapshot) so the
   * COPY of the lines and the members' statement, each on a connection of its own, read the same
   * moment as the transaction: the file, its members and the checks agree record for record.
   */
  snapshot: string | undefined;

  /** The tenant's time zone as the export begins: the file's instants are written in it. */
  zone: string = DEFAULT_TIME_ZONE;

  async begin(): Promise<void> {
    await this.tx.execute(sql`set transaction isolation level repeatable read`);
    await this.tx.execute(sql`select pg_advisory_xact_lock(${exportLockKey(this.exportId)})`);
    this.zone = await tenantTimeZone(this.tx, this.scope.tenantId);
    if (this.copyOut) {
      const r = await this.tx.execute<{ id: string }>(sql`select pg_export_snapshot() as id`);
      this.snapshot = r.rows[0]!.id;
    }
  }

  /** The payroll lines as UTF-8, in blocks of whole lines (each ending in CRLF), with the rows in each. */
  async *lines(): AsyncGenerator<{ bytes: Buffer; rows: number }> {
    if (this.copyOut) {
      const query = payrollLinesQuery(tenantLiteral(this.scope.tenantId), this.zone);
      let carry: Buffer = Buffer.alloc(0);
      for await (const piece of this.copyOut(`copy (${query}) to stdout`, this.snapshot)) {
        const bytes = carry.length > 0 ? Buffer.concat([carry, piece]) : piece;
        const end = bytes.lastIndexOf(LF) + 1; // rows end in a bare LF; a LF inside a field is escaped
        carry = bytes.subarray(end);
        if (end > 0) yield copyBytesToLines(bytes, end);
      }
      if (carry.length > 0) throw new Error('the copy ended inside a row');
      return;
    }
    // The whole result will be read: plan for all of it, not for the first rows.
    await this.tx.execute(sql`set local cursor_tuple_fraction = 1`);
    const [head, tail] = payrollLinesQuery('\u0000', this.zone).split('\u0000') as [string, string];
    await this.tx.execute(
      sql`declare export_lines no scroll cursor for ${sql.raw(head)}${this.scope.tenantId}${sql.raw(tail)}`,
    );
    // An async function, so a real promise: drizzle's query runs again at every then().
    const fetchRows = async () =>
      (await this.tx.execute<{ line: string }>(sql.raw(`fetch forward ${CURSOR_PAGE} from export_lines`)))
        .rows;
    const fetchPage = () => {
      const page = fetchRows();
      page.catch(() => undefined); // awaited in turn; never an unhandled rejection meanwhile
      return page;
    };
    let next = fetchPage(); // the next page is fetched while this one is hashed and stored
    for (;;) {
      const rows = await next;
      if (rows.length === 0) return;
      next = fetchPage();
      yield { bytes: Buffer.from(`${rows.map((r) => r.line).join('\r\n')}\r\n`, 'utf8'), rows: rows.length };
    }
  }

  /**
   * One piece of the file: whole lines of UTF-8, stored as text. A Buffer parameter travels in
   * binary format, which for text is its UTF-8 bytes as they are (no encoding on either side).
   */
  async writeChunk(seq: number, data: Buffer): Promise<void> {
    await this.tx.execute(
      sql`insert into export_chunks (export_id, seq, data) values (${this.exportId}, ${seq}, ${data})`,
    );
  }

  /** The records the file carries, in the writing transaction (PGlite: one connection). */
  async writeMembers(): Promise<void> {
    await writeExportMembers(this.tx, this.scope, this.exportId);
  }

  async complete(recordCount: number, sizeBytes: number, sha256: string): Promise<void> {
    await this.tx.execute(sql`
      update export_jobs set status = 'COMPLETED', record_count = ${recordCount}, size_bytes = ${sizeBytes}, sha256 = ${sha256},
        finished_at = now(), status_message = null
      where id = ${this.exportId} and tenant_id = ${this.scope.tenantId}`);
  }
}
