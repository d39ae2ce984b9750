import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase } from './db.ts';
import { defineJob, JobQueue } from './jobs.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-jobs-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('a job that outlives the shutdown timeout ends with no unhandled rejection once the database is closed', async () => {
  const db = await openDatabase({ dataDir: dir });
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  process.on('unhandledRejection', onRejection);
  try {
    const queue = new JobQueue({
      executor: db.executor,
      log: pino({ level: 'silent' }),
      pollingIntervalSeconds: 1,
      shutdownTimeoutMs: 1_000,
    });
    const slow = defineJob({ name: 'slow-test-job', version: 1, schema: z.object({}) });
    let started!: () => void;
    let finish!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const finished = new Promise<void>((resolve) => (finish = resolve));
    queue.register(slow, async () => {
      started();
      await finished;
    });
    await queue.start({ work: true });
    await queue.send(slow, {});
    await running;
    await queue.stop(); // after its 1 s timeout, the job still running
    await db.close();
    finish(); // the job ends after the database closed
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(rejections).toEqual([]);
  } finally {
    process.off('unhandledRejection', onRejection);
  }
});
