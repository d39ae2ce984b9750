import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { SqlExecutor } from './db.ts';
import { jobDuration, jobFailures } from './metrics.ts';
import { asPlatform, withTenant } from './tenant-context.ts';

/** Context a job handler runs with; handlers rebuild any tenant scope from their payload. */
export interface JobContext {
  jobId: string;
  log: FastifyBaseLogger;
}

export interface JobDefinition<P> {
  name: string;
  /** Bumped when the payload shape changes incompatibly. */
  version: number;
  schema: z.ZodType<P>;
  retryLimit?: number;
  retryDelaySeconds?: number;
  expireInSeconds?: number;
}

export type JobHandler<P> = (payload: P, ctx: JobContext) => Promise<void>;

export function defineJob<P>(def: JobDefinition<P>): JobDefinition<P> {
  return def;
}

export interface JobQueueOptions {
  executor: SqlExecutor;
  /**
   * The tables' owner (PostgreSQL with a second role, DECISIONS 111): pg-boss's schema and each
   * queue's table are created through it at start, as the portal's own role may create nothing.
   */
  ownerExecutor?: SqlExecutor;
  log: FastifyBaseLogger;
  pollingIntervalSeconds: number;
  shutdownTimeoutMs: number;
}

/** pg-boss on the portal's own database connection (PGlite adapter or PostgreSQL pool). */
export class JobQueue {
  readonly #boss: PgBoss;
  readonly #defs = new Map<string, { def: JobDefinition<unknown>; handler: JobHandler<unknown> }>();
  readonly #opts: JobQueueOptions;
  #started = false;
  #working = false;
  /** stop() returned: jobs finishing now are past the shutdown timeout. */
  #stopped = false;
  /** Worker id per queue, to wake a worker when a job is sent from this process. */
  readonly #workers = new Map<string, string>();

  constructor(opts: JobQueueOptions) {
    this.#opts = opts;
    this.#boss = new PgBoss({
      db: opts.executor,
      schema: 'pgboss',
      schedule: false,
      supervise: true,
      migrate: !this.#ownerSetsUp,
    });
    this.#boss.on('error', (err) => opts.log.error({ err }, 'job queue error'));
  }

  register<P>(def: JobDefinition<P>, handler: JobHandler<P>): void {
    this.#defs.set(def.name, {
      def: def as JobDefinition<unknown>,
      handler: handler as JobHandler<unknown>,
    });
  }

  get #ownerSetsUp(): boolean {
    return Boolean(this.#opts.ownerExecutor && this.#opts.ownerExecutor !== this.#opts.executor);
  }

  async start({ work }: { work: boolean }): Promise<void> {
    if (this.#ownerSetsUp) {
      // pg-boss's schema, its migrations and the queues' tables, as the owner, then let go.
      const setup = new PgBoss({
        db: this.#opts.ownerExecutor!,
        schema: 'pgboss',
        schedule: false,
        supervise: false,
      });
      setup.on('error', (err) => this.#opts.log.error({ err }, 'job queue setup error'));
      await setup.start();
      await this.#createQueues(setup);
      await setup.stop({ graceful: false, close: false, wait: true });
    }
    await this.#boss.start();
    this.#started = true;
    if (!this.#ownerSetsUp) await this.#createQueues(this.#boss);
    if (work) await this.#startWorkers();
  }

  async #createQueues(boss: PgBoss): Promise<void> {
    for (const { def } of this.#defs.values()) {
      await boss.createQueue(def.name, {
        name: def.name,
        retryLimit: def.retryLimit ?? 3,
        retryDelay: def.retryDelaySeconds ?? 5,
        retryBackoff: true,
        expireInSeconds: def.expireInSeconds ?? 15 * 60,
      });
    }
  }

  async #startWorkers(): Promise<void> {
    this.#working = true;
    for (const { def, handler } of this.#defs.values()) {
      const workerId = await this.#boss.work<{ v: number; payload: unknown }>(
        def.name,
        { pollingIntervalSeconds: this.#opts.pollingIntervalSeconds, batchSize: 1 },
        async ([job]) => {
          if (!job) return;
          const log = this.#opts.log.child({ job: def.name, jobId: job.id });
          if (job.data.v !== def.version)
            throw new Error(`${def.name}: payload version ${job.data.v} not supported`);
          const payload = def.schema.parse(job.data.payload);
          const timer = jobDuration.startTimer({ queue: def.name });
          try {
            // A job sees its payload's tenant's rows (row-level security, DECISIONS 110); a job
            // without one (mail, maintenance, ping) works across tenants on purpose.
            const tenantId = (payload as { tenantId?: unknown } | null)?.tenantId;
            const run = () => handler(payload, { jobId: job.id, log });
            await (typeof tenantId === 'string' ? withTenant(tenantId, run) : asPlatform(run));
            timer({ outcome: 'completed' });
          } catch (err) {
            timer({ outcome: 'failed' });
            jobFailures.inc({ queue: def.name });
            throw err;
          } finally {
            // Past stop(), the database may be closed: pg-boss would complete or fail the job on
            // it without awaiting (an unhandled rejection). stop() has had pg-boss mark a job still
            // running as failed, to be retried, so it is left as it is.
            if (this.#stopped) await new Promise<never>(() => undefined);
            // A job was there: the worker asks for the next as soon as this one is done, rather
            // than at its next poll (pg-boss waits out the polling interval after every fetch
            // unless woken, so one worker ran at most one job per interval: 0.5 a second while a
            // queue of hundreds of evaluations grew, DECISIONS 280). An empty fetch still waits.
            const workerId = this.#workers.get(def.name);
            if (workerId && this.#started) this.#boss.notifyWorker(workerId);
          }
        },
      );
      this.#workers.set(def.name, workerId);
    }
  }

  async send<P>(def: JobDefinition<P>, payload: P, options: PgBoss.SendOptions = {}): Promise<string> {
    const data = { v: def.version, payload: def.schema.parse(payload) };
    const id = await this.#boss.send(def.name, data, options);
    if (!id) throw new Error(`${def.name}: job was not queued`);
    // A job due now starts now in this process, not at the worker's next poll.
    const workerId = this.#workers.get(def.name);
    if (workerId && !options.startAfter) this.#boss.notifyWorker(workerId);
    return id;
  }

  /**
   * Queues the job unless one of the same `key` was queued in the same `seconds`-long slot of the
   * clock (pg-boss's throttle: one job per key and slot, whatever its state since); answers whether
   * it was queued. For a sender that asks again and again for the same work, such as a watchdog.
   */
  async sendThrottled<P>(
    def: JobDefinition<P>,
    payload: P,
    throttle: { key: string; seconds: number; priority?: number },
  ): Promise<boolean> {
    const data = { v: def.version, payload: def.schema.parse(payload) };
    const id = await this.#boss.send(def.name, data, {
      singletonKey: throttle.key,
      singletonSeconds: throttle.seconds,
      ...(throttle.priority === undefined ? {} : { priority: throttle.priority }),
    });
    const workerId = this.#workers.get(def.name);
    if (id && workerId) this.#boss.notifyWorker(workerId);
    return id !== null;
  }

  get working(): boolean {
    return this.#working;
  }

  /** Jobs waiting to run (created or retry) per registered queue. */
  async queueDepths(): Promise<Record<string, number>> {
    if (!this.#started) return {};
    const depths: Record<string, number> = {};
    for (const name of this.#defs.keys()) depths[name] = (await this.#boss.getQueueSize(name)) ?? 0;
    return depths;
  }

  /** Reachable when its own tables answer. */
  async ping(): Promise<void> {
    if (!this.#started) throw new Error('job queue not started');
    await this.#boss.getQueues();
  }

  /** Stops fetching new jobs and waits for the running ones (bounded by the shutdown timeout). */
  async stop(): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await this.#boss.stop({
      graceful: true,
      wait: true,
      close: false,
      timeout: this.#opts.shutdownTimeoutMs,
    });
    this.#stopped = true;
  }
}
