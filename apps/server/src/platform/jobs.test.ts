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

it('a worker takes the next job as soon as one ends, not at its next poll (DECISIONS 280)', async () => {
  const db = await openDatabase({ dataDir: fs.mkdtempSync(path.join(dir, 'next-')) });
  // A poll every 60 s: before, a worker woken for one job waited out the interval after it, so the
  // third of three jobs queued together started a minute after the second.
  const queue = new JobQueue({
    executor: db.executor,
    log: pino({ level: 'silent' }),
    pollingIntervalSeconds: 60,
    shutdownTimeoutMs: 1_000,
  });
  try {
    const step = defineJob({ name: 'step-test-job', version: 1, schema: z.object({ n: z.number() }) });
    const ran: number[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstStarted!: () => void;
    const first = new Promise<void>((resolve) => (firstStarted = resolve));
    let allDone!: () => void;
    const done = new Promise<void>((resolve) => (allDone = resolve));
    queue.register(step, async ({ n }) => {
      if (n === 1) {
        firstStarted();
        await held;
      }
      ran.push(n);
      if (ran.length === 4) allDone();
    });
    await queue.start({ work: true });
    await queue.send(step, { n: 1 });
    await first;
    // Queued while the first runs: their sends wake the worker once, for the second.
    for (const n of [2, 3, 4]) await queue.send(step, { n });
    release();
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 20_000));
    expect(await Promise.race([done.then(() => 'done' as const), timeout])).toBe('done');
    expect(ran).toEqual([1, 2, 3, 4]);
  } finally {
    await queue.stop();
    await db.close();
  }
}, 40_000);
