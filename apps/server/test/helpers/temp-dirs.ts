import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];
// Registered when a test file first imports this module, so it runs after the file's own
// afterAll hooks (which close the portals using these directories). The test processes are
// stopped, not exited, so an 'exit' handler would not run.
afterAll(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A fresh directory under the system's temporary directory, removed after the test file (not
 * sooner: a later portal of the same test may reuse a data directory after the first closed).
 */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}
