import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { TenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import { exportChunks, exportJobs } from '../../db/schema/index.ts';

export type ExportRow = typeof exportJobs.$inferSelect;

/** The UTF-8 byte order mark that opens every payroll file (spreadsheet programs read it as UTF-8). */
export const EXPORT_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Advisory-lock key of one export: held by the transaction that writes it. */
export const exportLockKey = (id: string) => sql`hashtextextended(${`export:${id}`}, 0)`;

export class ExportsRepo {
  constructor(private readonly orm: Orm) {}

  async create(scope: TenantScope, actor: { userId: string; email: string }): Promise<ExportRow> {
    const [row] = await this.orm
      .insert(exportJobs)
      .values({ tenantId: scope.tenantId, exportedBy: actor.userId, exportedByEmail: actor.email })
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

  async get(scope: TenantScope, id: string): Promise<ExportRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(exportJobs)
      .where(and(eq(exportJobs.tenantId, scope.tenantId), eq(exportJobs.id, id)));
    return row;
  }

  async markProcessing(scope: TenantScope, id: string): Promise<boolean> {
    const rows = await this.orm
      .update(exportJobs)
      .set({ status: 'PROCESSING', startedAt: sql`now()` })
      .where(
        and(eq(exportJobs.tenantId, scope.tenantId), eq(exportJobs.id, id), eq(exportJobs.status, 'PENDING')),
      )
      .returning({ id: exportJobs.id });
    return rows.length > 0;
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

/** The writing side: one transaction (repeatable read) reads the snapshot and writes the file. */
export class ExportWriter {
  constructor(
    private readonly tx: Orm,
    private readonly scope: TenantScope,
    private readonly exportId: string,
  ) {}

  async begin(): Promise<void> {
    await this.tx.execute(sql`set transaction isolation level repeatable read`);
    await this.tx.execute(sql`select pg_advisory_xact_lock(${exportLockKey(this.exportId)})`);
  }

  /**
   * Opens a cursor over the tenant's VALIDATED records in the transaction's snapshot, grouped as a
   * payroll officer reads them: by ministry, department, then name. One sequential scan and one
   * sort; each row is already its CSV line (csv_field, migration 0010), in EXPORT_COLUMNS order.
   */
  async openLines(): Promise<void> {
    // The whole result will be read: plan for all of it, not for the first rows.
    await this.tx.execute(sql`set local cursor_tuple_fraction = 1`);
    await this.tx.execute(sql`
      declare export_lines no scroll cursor for
      select concat_ws(',', csv_field(r.psn), csv_field(r.employee_id), csv_field(r.full_name), csv_field(m.name),
        csv_field(d.name), csv_field(r.grade_level), csv_field(r.salary_grade_id), csv_field(r.salary_structure),
        csv_field(r.nin), to_char(r.date_of_birth, 'YYYY-MM-DD'), csv_field(r.status),
        to_char(r.validated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')) as line
      from records r
      left join ministries m on m.id = r.ministry_id
      left join departments d on d.id = r.department_id
      where r.tenant_id = ${this.scope.tenantId} and r.status = 'VALIDATED'
      order by m.name, d.name, r.full_name, r.id`);
  }

  /** The next `limit` lines of the cursor; an empty array at the end. */
  async nextLines(limit: number): Promise<string[]> {
    const result = await this.tx.execute<{ line: string }>(
      sql.raw(`fetch forward ${Math.trunc(limit)} from export_lines`),
    );
    return result.rows.map((r) => r.line);
  }

  /** One piece of the file: whole lines of UTF-8 text (stored as text: no hex encoding on the wire). */
  async writeChunk(seq: number, data: string): Promise<void> {
    await this.tx.execute(
      sql`insert into export_chunks (export_id, seq, data) values (${this.exportId}, ${seq}, ${data})`,
    );
  }

  async complete(recordCount: number, sizeBytes: number, sha256: string): Promise<void> {
    await this.tx.execute(sql`
      update export_jobs set status = 'COMPLETED', record_count = ${recordCount}, size_bytes = ${sizeBytes}, sha256 = ${sha256},
        finished_at = now(), status_message = null
      where id = ${this.exportId} and tenant_id = ${this.scope.tenantId}`);
  }
}
