import { sql } from 'drizzle-orm';
import type { TestPortal } from './test-portal.ts';

export interface RecordSeed {
  fullName: string;
  nin: string;
  psn?: string | null;
  employeeId?: string | null;
  ssid?: string | null;
  dateOfBirth?: string | null;
  ministry?: string;
  department?: string;
  gradeLevel?: string | null;
  status?: string;
  email?: string | null;
}

/** Inserts master records straight into the database (for tests about what happens after upload). */
export async function seedRecords(
  portal: TestPortal,
  tenantId: string,
  seeds: RecordSeed[],
): Promise<string[]> {
  const rows = seeds.map((s) => ({
    natural_key: s.psn ?? s.nin,
    full_name: s.fullName,
    psn: s.psn ?? null,
    employee_id: s.employeeId ?? null,
    nin: s.nin,
    ssid: s.ssid ?? null,
    ministry: s.ministry ?? 'Ministry of Health',
    department: s.department ?? 'Nursing Services',
    grade_level: s.gradeLevel ?? 'GL 08',
    date_of_birth: s.dateOfBirth ?? '1985-03-15',
    status: s.status ?? 'UPLOADED',
    email: s.email ?? null,
  }));
  const json = JSON.stringify(rows);
  await portal.db.orm.execute(sql`
    insert into ministries (tenant_id, name) select distinct ${tenantId}::uuid, ministry
    from jsonb_to_recordset(${json}::jsonb) as x(ministry text) on conflict do nothing`);
  await portal.db.orm.execute(sql`
    insert into departments (tenant_id, name) select distinct ${tenantId}::uuid, department
    from jsonb_to_recordset(${json}::jsonb) as x(department text) on conflict do nothing`);
  const result = await portal.db.orm.execute<{ id: string; natural_key: string }>(sql`
    insert into records (tenant_id, natural_key, full_name, psn, employee_id, nin, ssid, ministry_id, department_id,
      grade_level, date_of_birth, status, email, original_upload_data)
    select ${tenantId}, x.natural_key, x.full_name, x.psn, x.employee_id, x.nin, x.ssid, m.id, d.id, x.grade_level,
      x.date_of_birth, x.status, x.email, jsonb_build_object('fullName', x.full_name, 'nin', x.nin)
    from jsonb_to_recordset(${json}::jsonb) as x(natural_key text, full_name text, psn text, employee_id text, nin text,
      ssid text, ministry text, department text, grade_level text, date_of_birth date, status text, email text)
    join ministries m on m.tenant_id = ${tenantId} and m.name = x.ministry
    join departments d on d.tenant_id = ${tenantId} and d.name = x.department
    returning id, natural_key`);
  const byKey = new Map(result.rows.map((r) => [r.natural_key, r.id]));
  return rows.map((r) => byKey.get(r.natural_key)!); // in the order of the seeds
}
