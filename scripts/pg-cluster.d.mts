// Types of pg-cluster.mjs, for the TypeScript tests that start a cluster of their own.
export function findPgBin(name: string): string;
/** A TCP port free on 127.0.0.1 now. */
export function freePort(): Promise<number>;
/** initdb of a throwaway cluster (superuser `portal`, trust, UTF-8). */
export function initDataDir(dataDir: string): void;
export interface Cluster {
  /** The superuser's URL (owns the tables, runs the migrations). */
  url: string;
  /** The portal's role (`portal_app`): logs in, owns nothing. */
  appUrl: string;
  port: number;
  /** `pg_ctl restart -m fast`. */
  restart(): void;
  /** A hot standby streaming from this cluster (`pg_basebackup -R`); stopped with it. */
  startReplica(): Promise<Replica>;
  stop(): void;
}
export interface Replica {
  /** The superuser's URL on the standby (read-only). */
  url: string;
  port: number;
  stop(): void;
}
export function startCluster(opts?: { settings?: string[] }): Promise<Cluster>;
