/**
 * The messages between the API's thread (db-pglite.ts) and the embedded database's thread
 * (pglite-worker.mjs). A statement names the transaction it belongs to (`tx`), or none: then
 * it runs on its own once no transaction is open, or — a read of another tenant than the open
 * transaction's — between that transaction's statements, in a read-only savepoint rolled back
 * after it (DECISIONS 124). `context` is whose rows the caller works on: tenant-context.ts's
 * tenantSetting() (a tenant id, 'platform', or '' for none).
 */
export type ToWorker = { id: number } & (
  | {
      op: 'query';
      tx?: number;
      context?: string;
      text: string;
      params?: unknown[];
      rowMode?: 'array' | 'object';
      /** Type oids whose values stay PostgreSQL's text (drizzle's own parsers). */
      rawTypes?: number[];
    }
  | { op: 'exec'; tx?: number; context?: string; text: string }
  | { op: 'copy'; tx: number; table: string; data: string }
  | { op: 'begin'; context: string }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  /** A copy of the data directory written to `file` (answers `{ bytes }`). */
  | { op: 'dump'; file: string }
  | { op: 'close' }
);

export interface WireError {
  message: string;
  name: string;
  fields: Record<string, string | number | boolean>;
}

export type FromWorker =
  | { op: 'ready' }
  | { op: 'failed'; error: WireError }
  | { op: 'notify'; channel: string; payload: string }
  | { op: 'reply'; id: number; result?: unknown; error?: WireError };
