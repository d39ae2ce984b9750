import { describe, expect, it } from 'vitest';
import { runChunkPipeline, type ChunkPipeline } from './chunk-pipeline.ts';

/** A job's items as chunks of `size` ids ('001', '002', …), read in key order. */
function itemsOf(count: number, size: number) {
  const ids = Array.from({ length: count }, (_, i) => String(i + 1).padStart(3, '0'));
  return async (after: string | null) =>
    ids
      .filter((id) => after === null || id > after)
      .slice(0, size)
      .map((id) => ({ id }));
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('runChunkPipeline', () => {
  it('never has more than four chunks read and not committed (what a killed worker asks again)', async () => {
    const commits = [deferred(), deferred(), deferred(), deferred(), deferred(), deferred()];
    let read = 0;
    let done = 0;
    const items = itemsOf(60, 10);
    const run = runChunkPipeline<{ id: string }, string>({
      concurrency: 4,
      read: async (after) => {
        const chunk = await items(after);
        if (chunk.length > 0) read += 1;
        return chunk;
      },
      lookUp: async (chunk) => chunk.map((r) => r.id),
      commit: async (results) => {
        await commits[Math.floor(Number(results[0]) / 10)]!.promise;
        done += 1;
        return true;
      },
    });
    for (let i = 0; i < 10; i++) await tick();
    // The reader has the fifth chunk in hand but no place to carry it.
    expect(read - done).toBeLessThanOrEqual(5);
    for (const c of commits) {
      c.resolve();
      await tick();
      expect(read - done).toBeLessThanOrEqual(5);
    }
    await expect(run).resolves.toEqual({ leaseHeld: true });
    expect(done).toBe(6);
  });

  it("throws a lookup's error once the commits under way have finished, and reads nothing more", async () => {
    const commitGate = deferred();
    const committed: string[] = [];
    let reads = 0;
    const items = itemsOf(100, 10);
    const run = runChunkPipeline<{ id: string }, string>({
      concurrency: 2,
      read: async (after) => {
        reads += 1;
        return items(after);
      },
      lookUp: async (chunk) => {
        if (chunk[0]!.id === '021') throw new Error('provider down');
        return chunk.map((r) => r.id);
      },
      commit: async (results) => {
        await commitGate.promise;
        committed.push(results[0]!);
        return true;
      },
    });
    let settled = false;
    void run.catch(() => undefined).finally(() => (settled = true));
    for (let i = 0; i < 10; i++) await tick();
    expect(settled).toBe(false); // the two commits under way are waited for
    commitGate.resolve();
    await expect(run).rejects.toThrow('provider down');
    expect(committed.sort()).toEqual(['001', '011']);
    expect(reads).toBeLessThanOrEqual(5);
  });

  it('answers leaseHeld false when a commit finds the lease lost, and starts no commit after it', async () => {
    const committed: string[] = [];
    const p: ChunkPipeline<{ id: string }, string> = {
      concurrency: 4,
      read: itemsOf(100, 10),
      lookUp: async (chunk) => chunk.map((r) => r.id),
      commit: async (results) => {
        committed.push(results[0]!);
        await tick();
        return results[0] !== '021';
      },
    };
    await expect(runChunkPipeline(p)).resolves.toEqual({ leaseHeld: false });
    expect(committed.length).toBeLessThan(10);
  });
});
