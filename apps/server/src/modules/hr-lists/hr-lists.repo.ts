import { sql } from 'drizzle-orm';
import type { HrListKind } from '@portal/contract/hr-lists';
import type { TenantScope } from '../../access/actor.ts';
import type { Database } from '../../platform/db.ts';

/** An upload as the lists' state and a list's history show it (LastUploadRow). */
const UPLOAD_COLUMNS = sql.raw(`id, kind, file_name, row_count, created, updated, as_of::text as as_of,
  created_at, uploaded_by_email`);

export type LastUploadRow = {
  id: string;
  kind: HrListKind;
  file_name: string;
  row_count: number;
  created: number;
  updated: number;
  as_of: string | null;
  created_at: string | Date;
  uploaded_by_email: string;
};

export class HrListsRepo {
  constructor(private readonly db: Pick<Database, 'orm'>) {}

  /** Each list's last upload (a list never uploaded is absent). */
  async lastUploads(scope: TenantScope): Promise<LastUploadRow[]> {
    const result = await this.db.orm.execute<LastUploadRow>(sql`
      select distinct on (kind) ${UPLOAD_COLUMNS}
      from hr_list_uploads where tenant_id = ${scope.tenantId}
      order by kind, created_at desc, id desc`);
    return result.rows;
  }

  /** One list's uploads, newest first, a page (1-based) at a time, and how many there are. */
  async uploads(
    scope: TenantScope,
    kind: HrListKind,
    page: { page: number; pageSize: number },
  ): Promise<{ rows: LastUploadRow[]; total: number }> {
    const where = sql`tenant_id = ${scope.tenantId} and kind = ${kind}`;
    const [rows, total] = await Promise.all([
      this.db.orm.execute<LastUploadRow>(sql`
        select ${UPLOAD_COLUMNS} from hr_list_uploads where ${where}
        order by created_at desc, id desc
        limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`),
      this.db.orm.execute<{ n: number }>(sql`select count(*)::int as n from hr_list_uploads where ${where}`),
    ]);
    return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
  }
}
