import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupPglite, REQUESTS_DIR, serveBackupRequests } from './backup-pglite.ts';
import type { Database } from './db.ts';

const dirs: string[] = [];
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const log = { info: () => undefined, error: () => undefined };

/**
 * A data directory that a live process other than this one owns (the lock holds the test
 * runner's parent), with a database in it: backupPglite must ask the owner, not open it.
 */
function ownedDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-request-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'pglite'));
  fs.writeFileSync(path.join(dir, 'pglite', 'PG_VERSION'), '17');
  fs.writeFileSync(path.join(dir, 'portal.lock'), String(process.ppid));
  return dir;
}

/** The owner's side, with a database whose copy is `dump`. */
function serve(dir: string, dump: (file: string) => Promise<{ bytes: number }>) {
  stops.push(serveBackupRequests(dir, { dumpTo: dump } as unknown as Database, log));
}

describe('backup of the embedded database through the portal that owns it', () => {
  it('the owner writes the copy the command asked for and answers its size', async () => {
    const dir = ownedDataDir();
    const asked: string[] = [];
    serve(dir, async (file) => {
      asked.push(file);
      fs.writeFileSync(file, 'copy');
      return { bytes: 4 };
    });
    const target = path.join(dir, 'out', 'copy.tar.gz');
    expect(await backupPglite(dir, target)).toEqual({ bytes: 4, by: 'portal' });
    expect(asked).toEqual([target]);
    expect(fs.readFileSync(target, 'utf8')).toBe('copy');
    // Request and answer are gone once served.
    expect(fs.readdirSync(path.join(dir, REQUESTS_DIR))).toEqual([]);
  });

  it("the owner's failure reaches the command as its error", async () => {
    const dir = ownedDataDir();
    serve(dir, async () => {
      throw new Error('disk full');
    });
    await expect(backupPglite(dir, path.join(dir, 'x.tar.gz'))).rejects.toThrow(
      'The portal could not take the copy: disk full',
    );
  });

  it('refuses a target that exists, and a directory without a database', async () => {
    const dir = ownedDataDir();
    const existing = path.join(dir, 'exists.tar.gz');
    fs.writeFileSync(existing, 'keep me');
    await expect(backupPglite(dir, existing)).rejects.toThrow('never overwrites');
    expect(fs.readFileSync(existing, 'utf8')).toBe('keep me');
    fs.rmSync(path.join(dir, 'pglite'), { recursive: true });
    await expect(backupPglite(dir, path.join(dir, 'y.tar.gz'))).rejects.toThrow('nothing to back up');
  });

  it('an owner that does not answer: the command gives up after its wait and withdraws the request', async () => {
    const dir = ownedDataDir();
    fs.mkdirSync(path.join(dir, REQUESTS_DIR));
    await expect(backupPglite(dir, path.join(dir, 'z.tar.gz'), 600)).rejects.toThrow('did not answer');
    expect(fs.readdirSync(path.join(dir, REQUESTS_DIR))).toEqual([]);
  });
});
