/**
 * The messages between the API's thread (db-pglite.ts) and the embedded database's thread
 * (pglite-worker.mjs). A statement names the transaction it belongs to (`tx`), or none: then
 * it runs on its own once no transaction is open, never inside one.
 */
export type ToWorker = { id: number } & (
  | {
      op: 'query';
      tx?: number;
      text: string;
      params?: unknown[];
      rowMode?: 'array' | 'object';
      /** Type oids whose values stay PostgreSQL's text (drizzle's own parsers). */
      rawTypes?: number[];
    }
  | { op: 'exec'; tx?: number; text: string }
  | { op: 'copy'; tx: number; table: string; data: string }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
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
