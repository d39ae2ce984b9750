import { sql } from 'drizzle-orm';
import type { TenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import { isoInZoneSql } from '../../platform/tenant-time-zone.ts';

/** One line of the arrears report, and the kobo it owes (null: the pay is not known). */
export interface ArrearsLine {
  line: string;
  arrearsKobo: number | null;
}

/**
 * The arrears report's lines (issue #34 item 3): one per appeal whose reinstating decision took
 * effect, newest decision first. Built where the rows are, every cell through the database's
 * `csv_field` (migration 0010: RFC 4180 quoting, formula injection neutralised), amounts to the
 * kobo and instants in the tenant's zone as the payroll and no-show files write them. The list is
 * as long as the reinstatements, a small number even for a large tenant: read in one go.
 */
export class ArrearsReportRepo {
  constructor(private readonly orm: Orm) {}

  async lines(scope: TenantScope, zone: string): Promise<ArrearsLine[]> {
    const naira = (kobo: string) => sql.raw(`csv_field(to_char(${kobo} / 100.0, 'FM999999999999990.00'))`);
    const result = await this.orm.execute<{ line: string; arrears_kobo: string | number | null }>(sql`
      select concat_ws(',', csv_field(a.id::text), csv_field(r.psn), csv_field(r.employee_id),
          csv_field(r.full_name), csv_field(m.name), csv_field(d.name), csv_field(a.decision),
          csv_field(${isoInZoneSql(sql`a.decided_at`, zone)}),
          csv_field(jsonb_array_length(coalesce(a.arrears_periods, '[]'::jsonb))::text),
          csv_field((select string_agg(to_char((p.period ->> 'approvedAt')::timestamptz at time zone ${zone}::text,
              'YYYY-MM-DD'), ';' order by p.n)
            from jsonb_array_elements(a.arrears_periods) with ordinality as p(period, n))),
          ${naira('a.monthly_gross_kobo')}, ${naira('a.arrears_kobo')}, csv_field(a.record_id::text)) as line,
        a.arrears_kobo
      from appeals a
      join records r on r.id = a.record_id
      left join ministries m on m.id = r.ministry_id
      left join departments d on d.id = r.department_id
      where a.tenant_id = ${scope.tenantId} and a.reinstated_to is not null
      order by a.decided_at desc, a.id`);
    return result.rows.map((r) => ({
      line: r.line,
      arrearsKobo: r.arrears_kobo == null ? null : Number(r.arrears_kobo),
    }));
  }
}
