import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose rows the database shows the code running now (issue #18 item 11, DECISIONS 110): one
 * tenant's, the whole platform's (code that reads across tenants on purpose: the global admin,
 * startup, watchdogs, the token lookup before the tenant is known), or — with no context at all —
 * no tenant's. On PostgreSQL the pool hands it to each connection as `app.tenant_id`, which the
 * row-level security policies of migration 0033 read; PGlite runs as a superuser and ignores it.
 */
export type TenantContext = { tenantId: string } | 'platform';

const storage = new AsyncLocalStorage<TenantContext>();

/** Runs `fn` (and everything it starts) seeing only `tenantId`'s rows. */
export function withTenant<T>(tenantId: string, fn: () => T): T {
  return storage.run({ tenantId }, fn);
}

/** Runs `fn` seeing every tenant's rows: only for code that reads across tenants on purpose. */
export function asPlatform<T>(fn: () => T): T {
  return storage.run('platform', fn);
}

/** Runs `fn` in `context`: a tenant id, 'platform', or null for no tenant at all. */
export function inContext<T>(context: TenantContext | null, fn: () => T): T {
  return context === null ? storage.exit(fn) : storage.run(context, fn);
}

/** The context now: a tenant, 'platform', or null (no tenant's rows). */
export function currentContext(): TenantContext | null {
  return storage.getStore() ?? null;
}

/** The value of `app.tenant_id` for the context now: a tenant id, 'platform', or '' (none). */
export function tenantSetting(): string {
  const context = storage.getStore();
  if (!context) return '';
  return context === 'platform' ? 'platform' : context.tenantId;
}

/**
 * `fn` bound to the context now, for callbacks a stream or timer calls later from elsewhere (a
 * streamed download's next batch): they run in the context of the code that made them.
 */
export function bindContext<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const context = currentContext();
  return (...args) => inContext(context, () => fn(...args));
}

/**
 * `source` read in the context now, whoever reads it later (a streamed answer's batches are read
 * when the client's socket drains, outside the request's context).
 */
export function iterateInContext<T>(source: AsyncIterable<T>): AsyncIterable<T> {
  const context = currentContext();
  return {
    [Symbol.asyncIterator]() {
      const iterator = source[Symbol.asyncIterator]();
      return {
        next: () => inContext(context, () => iterator.next()),
        return: (value?: unknown) =>
          inContext(context, async () =>
            iterator.return ? iterator.return(value) : { done: true as const, value: value as T },
          ),
      };
    },
  };
}
