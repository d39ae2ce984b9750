import { describe, expect, it } from 'vitest';
import { AppealCreateSchema } from '@portal/contract/appeals';
import { checkAppeal } from './appeal-check.ts';

/** The schema's first message per field, and what it hands on. */
function schemaAnswer(kind: string, grounds: string) {
  const result = AppealCreateSchema.safeParse({ kind: kind || undefined, grounds });
  if (result.success) return { errors: {}, values: { kind: result.data.kind, grounds: result.data.grounds } };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { errors };
}

const KINDS = [
  '',
  'NOT_ME',
  'WAS_PRESENT',
  'APPROVED_LEAVE',
  'WRONG_DATA',
  'OTHER',
  'not_me',
  'GHOST',
  ' OTHER',
];
const GROUNDS = [
  '',
  ' ',
  '\n\t',
  'Maternity leave, letter shown.',
  '  padded  ',
  'x'.repeat(4000),
  'x'.repeat(4001),
  ` ${'x'.repeat(4000)} `,
];

describe("the agent's appeal is checked by hand as AppealCreateSchema checks it", () => {
  const samples = KINDS.flatMap((kind) => GROUNDS.map((grounds) => [kind, grounds] as const));
  it.each(samples)('kind %j, grounds %#', (kind, grounds) => {
    const mine = checkAppeal({ kind, grounds });
    const schema = schemaAnswer(kind, grounds);
    expect(mine.errors).toEqual(schema.errors);
    if (schema.values) expect(mine.values).toEqual(schema.values);
  });

  it('the samples hold both answers', () => {
    expect(Object.keys(checkAppeal({ kind: 'OTHER', grounds: 'why' }).errors)).toEqual([]);
    expect(Object.keys(checkAppeal({ kind: '', grounds: '' }).errors)).toEqual(['kind', 'grounds']);
  });
});
