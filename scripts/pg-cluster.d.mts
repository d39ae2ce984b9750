// Types of pg-cluster.mjs, for the TypeScript tests that start a cluster of their own.
export function findPgBin(name: string): string;
export interface Cluster {
  /** The superuser's URL (owns the tables, runs the migrations). */
  url: string;
  /** The portal's role (`portal_app`): logs in, owns nothing. */
  appUrl: string;
  port: number;
  /** `pg_ctl restart -m fast`. */
  restart(): void;
  stop(): void;
}
export function startCluster(opts?: { settings?: string[] }): Promise<Cluster>;
