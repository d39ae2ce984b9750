#!/usr/bin/env node
// Point-in-time recovery with pgBackRest, tried for real (issue #37 item 4; the operator's text in
// docs/operations-backups.md, the production configuration in deploy/pgbackrest/pgbackrest.conf).
// A throwaway cluster on 127.0.0.1 archives its WAL with `pgbackrest archive-push`; a stanza, a full
// backup, change 1, the time noted, change 2; the cluster stopped, restored with --type=time to the
// noted time and started: change 1 is there, change 2 is not. Needs Debian's postgresql and
// pgbackrest. As root, PostgreSQL and pgBackRest run as the `postgres` user, as on a server.
//
//   node scripts/pitr-drill.mjs      prints each step's seconds; exit 1 when the drill fails
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPgBin, freePort, initDataDir } from './pg-cluster.mjs';

const asRoot = process.getuid?.() === 0;
const STANZA = 'portal';

function run(bin, args, { quiet = true } = {}) {
  const argv = asRoot ? ['runuser', '-u', 'postgres', '--', bin, ...args] : [bin, ...args];
  return execFileSync(argv[0], argv.slice(1), {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', quiet ? 'pipe' : 'inherit'],
  });
}

function pgbackrestBin() {
  for (const p of ['/usr/bin/pgbackrest', '/usr/local/bin/pgbackrest']) if (fs.existsSync(p)) return p;
  try {
    return execFileSync('which', ['pgbackrest'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error("pgbackrest not found: install Debian's pgbackrest package");
  }
}

/** Runs the drill; answers each step's seconds. Throws when change 1 is missing or change 2 present. */
export async function runPitrDrill({ log = console.log } = {}) {
  const started = Date.now();
  const steps = [];
  let last = started;
  const step = (name) => {
    const now = Date.now();
    steps.push({ name, seconds: (now - last) / 1000 });
    last = now;
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pitr-'));
  fs.chmodSync(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  const conf = path.join(dir, 'pgbackrest.conf');
  const port = await freePort();
  const pgbackrest = pgbackrestBin();
  // The drill's copy of deploy/pgbackrest/pgbackrest.conf: the same options, its paths in `dir`.
  fs.writeFileSync(
    conf,
    [
      '[global]',
      `repo1-path=${dir}/repo`,
      'repo1-retention-full=2',
      'start-fast=y',
      'compress-type=zst',
      'process-max=1',
      `log-path=${dir}/log`,
      `lock-path=${dir}/lock`,
      'log-level-console=warn',
      'log-level-file=off',
      '',
      `[${STANZA}]`,
      `pg1-path=${dataDir}`,
      `pg1-port=${port}`,
      `pg1-socket-path=${dir}`,
      'pg1-user=portal',
      '',
    ].join('\n'),
  );
  for (const d of ['repo', 'log', 'lock']) fs.mkdirSync(path.join(dir, d));
  if (asRoot) execFileSync('chown', ['-R', 'postgres', dir]);
  const br = (...args) => run(pgbackrest, [`--config=${conf}`, `--stanza=${STANZA}`, ...args]);
  const psql = (sql) =>
    run(findPgBin('psql'), [
      '-h',
      dir,
      '-p',
      String(port),
      '-U',
      'portal',
      '-d',
      'postgres',
      '-Atqc',
      sql,
    ]).trim();
  const pgCtl = (...args) =>
    run(findPgBin('pg_ctl'), ['-D', dataDir, '-l', path.join(dir, 'server.log'), ...args]);
  try {
    initDataDir(dataDir);
    fs.appendFileSync(
      path.join(dataDir, 'postgresql.conf'),
      [
        '',
        '# pgBackRest archives every WAL segment (deploy/pgbackrest/pgbackrest.conf).',
        "listen_addresses = '127.0.0.1'",
        `port = ${port}`,
        `unix_socket_directories = '${dir}'`,
        'wal_level = replica',
        'archive_mode = on',
        `archive_command = '${pgbackrest} --config=${conf} --stanza=${STANZA} archive-push %p'`,
        'max_wal_senders = 3',
        'fsync = off',
        '',
      ].join('\n'),
    );
    pgCtl('-w', '-t', '60', 'start');
    step('cluster started (archive_mode=on)');
    br('stanza-create');
    br('check'); // a WAL segment archived through archive_command
    step('stanza created and archiving checked');
    br('backup', '--type=full');
    step('full backup');
    // pgBackRest keeps a backup's stop time in whole seconds and restores to a time only from a
    // backup that stopped before it: a target in the backup's last second finds none (CI,
    // 2026-11-30: "unable to find backup set with stop time less than …"). The next second first.
    await new Promise((r) => setTimeout(r, 1100));

    psql(`create table drill (id int primary key, what text); insert into drill values (1, 'change 1')`);
    // The time between the two changes, on the database's clock.
    const target = psql(
      `select to_char(clock_timestamp(), 'YYYY-MM-DD HH24:MI:SS.US+00') from (select set_config('timezone', 'UTC', false)) s`,
    );
    await new Promise((r) => setTimeout(r, 1100));
    psql(`insert into drill values (2, 'change 2')`);
    // Change 2's WAL archived, so that recovery sees a commit after the target and stops there.
    br('check');
    step('change 1, time noted, change 2, WAL archived');

    pgCtl('-m', 'fast', '-w', 'stop');
    br('restore', '--delta', '--type=time', `--target=${target}`, '--target-action=promote');
    step('stopped and restored to the noted time');
    pgCtl('-w', '-t', '120', 'start');
    // Recovery replays the archive up to the target, then promotes (pg_is_in_recovery false).
    const end = Date.now() + 60_000;
    while (psql('select pg_is_in_recovery()') === 't') {
      if (Date.now() > end) throw new Error('recovery did not end within 60 s');
      await new Promise((r) => setTimeout(r, 200));
    }
    const rows = psql(`select string_agg(what, ',' order by id) from drill`);
    step('started: recovered to the noted time');
    const seconds = (Date.now() - started) / 1000;
    for (const s of steps) log(`pitr drill: ${s.name}: ${s.seconds.toFixed(1)} s`);
    log(
      `pitr drill: target ${target}; rows after recovery: ${rows || '(none)'}; ${seconds.toFixed(1)} s in all`,
    );
    if (rows !== 'change 1') throw new Error(`point-in-time recovery gave '${rows}', not 'change 1' alone`);
    return { target, rows, seconds, steps };
  } catch (err) {
    const serverLog = path.join(dir, 'server.log');
    if (fs.existsSync(serverLog)) log(fs.readFileSync(serverLog, 'utf8').split('\n').slice(-30).join('\n'));
    throw err;
  } finally {
    try {
      pgCtl('-m', 'immediate', '-w', 'stop');
    } catch {
      // not running
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runPitrDrill().catch((err) => {
    console.error(`pitr drill failed: ${err.message}`);
    process.exit(1);
  });
}
