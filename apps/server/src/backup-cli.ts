// `npm run backup` and `npm run restore` (issue #37 item 4; docs/operations-backups.md). The same
// environment as the portal: DATABASE_OWNER_URL (or DATABASE_URL) for PostgreSQL, else DATA_DIR
// for the embedded database.
//
//   npm run backup [-- --out FILE]        PostgreSQL: pg_dump custom format; PGlite: gzipped tar
//   npm run restore -- FILE [--force]     into an empty database or DATA_DIR (--force: replace)
import fs from 'node:fs';
import path from 'node:path';
import { backupPglite, restorePglite } from './platform/backup-pglite.ts';
import { backupPostgres, restorePostgres } from './platform/backup-postgres.ts';
import { ConfigError, loadConfig } from './platform/config.ts';

function usage(): never {
  console.error('usage: backup-cli.ts backup [--out FILE] | restore FILE [--force]');
  process.exit(2);
}

const stamp = () =>
  new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig(process.env, []);
  const ownerUrl = config.databaseOwnerUrl;
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  if (command === 'backup') {
    const at = args.indexOf('--out');
    const file = path.resolve(
      at >= 0
        ? (args[at + 1] ?? usage())
        : path.join(
            process.env.BACKUP_DIR ?? 'backups',
            ownerUrl ? `portal-${stamp()}.pgdump` : `portal-pglite-${stamp()}.tar.gz`,
          ),
    );
    if (ownerUrl) {
      const { bytes } = await backupPostgres(ownerUrl, file);
      console.log(
        `Backed up PostgreSQL to ${file} (${bytes} bytes, pg_dump custom format) in ${seconds()} s.`,
      );
    } else {
      const { bytes, by } = await backupPglite(config.dataDir, file);
      console.log(
        `Backed up the embedded database of ${config.dataDir} to ${file} (${bytes} bytes, taken by the ${by === 'portal' ? 'running portal' : 'command itself'}) in ${seconds()} s.`,
      );
    }
    if (!config.portalSecret && fs.existsSync(path.join(config.dataDir, 'portal-secret')))
      console.log(
        `Note: sealed secrets open only with the same PORTAL_SECRET; this portal's is generated in ${path.join(config.dataDir, 'portal-secret')}, which the backup does not hold: keep a copy of it apart.`,
      );
    return;
  }
  if (command === 'restore') {
    const file = args.find((a) => !a.startsWith('--')) ?? usage();
    const force = args.includes('--force');
    if (ownerUrl) {
      await restorePostgres(ownerUrl, path.resolve(file), force);
      console.log(
        `Restored ${file} into PostgreSQL in ${seconds()} s. Start the portal: migrations newer than the backup run then.`,
      );
    } else {
      const { keptAside } = await restorePglite(config.dataDir, path.resolve(file), force);
      console.log(
        `Restored ${file} into ${config.dataDir} in ${seconds()} s.${keptAside ? ` The database it replaced is kept in ${keptAside}.` : ''}`,
      );
    }
    return;
  }
  usage();
}

main().catch((err: unknown) => {
  console.error(
    err instanceof ConfigError ? `Cannot start: ${err.message}` : `Failed: ${(err as Error).message}`,
  );
  process.exit(1);
});
