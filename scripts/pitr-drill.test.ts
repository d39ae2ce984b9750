import { expect, it } from 'vitest';
import { runPitrDrill } from './pitr-drill.mjs';

// Point-in-time recovery with pgBackRest (issue #37 item 4): archive, full backup, change 1, the
// time noted, change 2, restore to that time; change 1 is there and change 2 is not. About 40 s on
// a loaded 2-core machine (most of it PostgreSQL's start and the full backup).
it('pgBackRest restores the cluster to a time between two changes: the first present, the second absent', async () => {
  const lines: string[] = [];
  const drill = await runPitrDrill({ log: (line: string) => lines.push(line) });
  console.log(lines.join('\n'));
  expect(drill.rows).toBe('change 1');
  expect(drill.steps.map((s: { name: string }) => s.name)).toContain('full backup');
}, 300_000);
