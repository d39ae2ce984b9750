// A throwaway PostgreSQL cluster on 127.0.0.1 from Debian's binaries (package postgresql), for
// tests and benchmarks. As root, the server runs as the `postgres` system user (PostgreSQL refuses
// to run as root).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export function findPgBin(name) {
  const roots = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql') : [];
  const versions = roots.filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const p = `/usr/lib/postgresql/${v}/bin/${name}`;
    if (fs.existsSync(p)) return p;
  }
  try {
    return execFileSync('which', [name], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(`${name} not found: install Debian's postgresql package`);
  }
}

/** A TCP port free on 127.0.0.1 now (the cluster, its replica, the PITR drill's). */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

const asRoot = process.getuid?.() === 0;
const runAs = (bin, args) =>
  asRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], {
        stdio: ['ignore', 'ignore', 'inherit'],
      })
    : execFileSync(bin, args, { stdio: ['ignore', 'ignore', 'inherit'] });

/** initdb of a throwaway cluster: superuser `portal`, trust on 127.0.0.1, UTF-8, no fsync at init. */
export function initDataDir(dataDir) {
  runAs(findPgBin('initdb'), [
    '-D',
    dataDir,
    '-U',
    'portal',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-locale',
    '-N',
  ]);
}

/** Starts a cluster; returns its admin URL and a stop() that removes it. */
export async function startCluster({ settings = [] } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
  fs.chmodSync(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  if (asRoot) execFileSync('chown', ['-R', 'postgres', dir]);
  const port = await freePort();
  initDataDir(dataDir);
  const opts = [
    `-h 127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=300`,
    ...settings.map((s) => `-c ${s}`),
  ];
  runAs(findPgBin('pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-t',
    '60',
    '-o',
    opts.join(' '),
    'start',
  ]);
  // The role the portal connects as (row-level security, DECISIONS 111): it logs in, owns
  // nothing and is no superuser; `portal` (the superuser) owns the tables and runs the migrations.
  runAs(findPgBin('psql'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'portal',
    '-d',
    'postgres',
    '-c',
    'create role portal_app login',
  ]);
  let replica;
  return {
    url: `postgres://portal@127.0.0.1:${port}/postgres`,
    appUrl: `postgres://portal_app@127.0.0.1:${port}/postgres`,
    port,
    /** `pg_ctl restart -m fast`: every connection is cut, the cluster answers again when it returns. */
    restart() {
      runAs(findPgBin('pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'restart']);
    },
    /**
     * A streaming replica of this cluster (`pg_basebackup -R`: a hot standby that replays the
     * primary's WAL as it is written), on a port of its own; stopped and removed with the cluster.
     */
    async startReplica() {
      const replicaDir = path.join(dir, 'replica');
      const replicaPort = await freePort();
      runAs(findPgBin('pg_basebackup'), [
        ...['-h', '127.0.0.1', '-p', String(port), '-U', 'portal'],
        ...['-D', replicaDir, '-R', '-X', 'stream', '-c', 'fast'],
      ]);
      runAs(findPgBin('pg_ctl'), [
        ...['-D', replicaDir, '-l', path.join(dir, 'replica.log'), '-w', '-t', '60'],
        ...[
          '-o',
          `-h 127.0.0.1 -p ${replicaPort} -k ${dir} -c fsync=off -c max_connections=300 -c hot_standby=on`,
          'start',
        ],
      ]);
      replica = replicaDir; // max_connections as the primary's: a hot standby refuses fewer
      return {
        url: `postgres://portal@127.0.0.1:${replicaPort}/postgres`,
        port: replicaPort,
        stop() {
          try {
            runAs(findPgBin('pg_ctl'), ['-D', replicaDir, '-m', 'fast', '-w', 'stop']);
          } catch {
            // already stopped
          }
          replica = undefined;
        },
      };
    },
    stop() {
      if (replica) {
        try {
          runAs(findPgBin('pg_ctl'), ['-D', replica, '-m', 'immediate', '-w', 'stop']);
        } catch {
          // already stopped
        }
      }
      try {
        runAs(findPgBin('pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
