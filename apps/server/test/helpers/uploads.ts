import type { TestPortal } from './test-portal.ts';

const CSRF = 'test-csrf-token-value';

/**
 * POSTs a file as multipart/form-data in the field `file` (or another field name), with text
 * `fields` before it (or after it, `fieldsAfterFile`).
 */
export async function uploadFile(
  portal: TestPortal,
  token: string,
  fileName: string,
  content: Buffer | string,
  opts: {
    field?: string;
    contentType?: string;
    url?: string;
    fields?: Record<string, string>;
    fieldsAfterFile?: boolean;
  } = {},
) {
  const form = new FormData();
  const fields = () => {
    for (const [name, value] of Object.entries(opts.fields ?? {})) form.append(name, value);
  };
  if (!opts.fieldsAfterFile) fields();
  form.append(
    opts.field ?? 'file',
    new Blob([typeof content === 'string' ? content : new Uint8Array(content)], {
      type: opts.contentType ?? 'application/octet-stream',
    }),
    fileName,
  );
  if (opts.fieldsAfterFile) fields();
  const request = new Request('http://localhost/upload', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  return portal.app.inject({
    method: 'POST',
    url: opts.url ?? '/api/v1/records/upload',
    payload: body,
    headers: {
      'content-type': request.headers.get('content-type')!,
      authorization: `Bearer ${token}`,
      cookie: `XSRF-TOKEN=${CSRF}`,
      'x-xsrf-token': CSRF,
    },
  });
}

const HEADER =
  'S/N,Full Name,Employee ID,PSN,NIN,SSID,Ministry,Department,Grade Level,Salary Grade ID,Salary Structure,Date of Birth,Email,Phone';

export interface SampleRow {
  name: string;
  psn?: string;
  nin: string;
  ministry?: string;
  department?: string;
  grade?: string;
  dob?: string;
  email?: string;
  ssid?: string;
}

/** A CSV master list in the shape HR offices send (DD/MM/YYYY dates, S/N column). */
export function csvOf(rows: SampleRow[], opts: { bom?: boolean } = {}): string {
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const lines = rows.map((r, i) =>
    [
      String(i + 1),
      r.name,
      `EMP${String(i + 1).padStart(5, '0')}`,
      r.psn ?? '',
      r.nin,
      r.ssid ?? `DM${String(i + 1).padStart(7, '0')}`,
      r.ministry ?? 'Ministry of Health',
      r.department ?? 'Nursing Services',
      r.grade ?? 'GL 08',
      '08',
      'CONHESS',
      r.dob ?? '15/03/1985',
      r.email ?? `person${i + 1}@example.gov.ng`,
      '08031234567',
    ]
      .map(quote)
      .join(','),
  );
  return `${opts.bom ? '\uFEFF' : ''}${HEADER}\r\n${lines.join('\r\n')}\r\n`;
}

export function sampleRows(n: number, start = 0): SampleRow[] {
  const ministries = ['Ministry of Health', 'Ministry of Education', 'Ministry of Finance'];
  const departments = ['Administration', 'Accounts', 'Planning'];
  return Array.from({ length: n }, (_, k) => {
    const i = start + k;
    return {
      name: `Person ${String(i).padStart(4, '0')} Okafor`,
      psn: `PSN${String(100000 + i)}`,
      nin: String(10000000000 + i),
      ministry: ministries[i % 3],
      department: departments[Math.floor(i / 3) % 3],
      grade: `GL ${String((i % 12) + 1).padStart(2, '0')}`,
    };
  });
}
