import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expect } from 'vitest';
import { loadConfig } from '../../src/platform/config.ts';
import { freePort } from './server-process.ts';
import { tempDir } from './temp-dirs.ts';

/**
 * Debian's nginx with the shipped site (deploy/nginx/verification-portal.conf) in front of two
 * hosts, 127.0.0.2 and 127.0.0.3 on one port, as an unprivileged process with its own prefix in a
 * temporary directory and a certificate openssl makes for `name` (two-host-deploy.test.ts).
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** Resolves once something listens on host:port. */
export async function listening(host: string, port: number, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, host, () => (socket.destroy(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (up) return;
    if (Date.now() > end) throw new Error(`nothing listens on ${host}:${port}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface Nginx {
  child: ChildProcess;
  /** The HTTPS port (HTTP/2 and HTTP/1.1) and the plain HTTP one, on 127.0.0.1. */
  tls: number;
  http: number;
  /** The certificate, to trust it. */
  ca: Buffer;
  /** The access log: time|status|upstreams tried|their statuses|method|path, a line each. */
  log: () => string[];
}

/** The shipped nginx site with this machine's addresses; every replaced text must be there. */
function siteConfig(vars: {
  name: string;
  tls: number;
  http: number;
  appPort: number;
  cert: string;
  key: string;
}) {
  let text = fs.readFileSync(path.join(repoRoot, 'deploy/nginx/verification-portal.conf'), 'utf8');
  // nginx lets through a file of MAX_UPLOAD_MB's default and its multipart framing (1 MiB more),
  // so that the portal, not nginx, refuses a larger one with its own message.
  const maxUpload = loadConfig({}, []).upload.maxBytes / 2 ** 20;
  expect(text).toContain(`client_max_body_size ${maxUpload + 1}m;`);
  const replace = (from: string, to: string) => {
    expect(text, `deploy/nginx/verification-portal.conf has "${from}"`).toContain(from);
    text = text.replaceAll(from, to);
  };
  replace('server 10.0.0.11:3000', `server 127.0.0.2:${vars.appPort}`);
  replace('server 10.0.0.12:3000', `server 127.0.0.3:${vars.appPort}`);
  replace('listen 80;', `listen 127.0.0.1:${vars.http};`);
  replace('listen [::]:80;', '');
  replace('listen 443 ssl http2;', `listen 127.0.0.1:${vars.tls} ssl http2;`);
  replace('listen [::]:443 ssl http2;', '');
  replace('/etc/ssl/verification-portal/fullchain.pem', vars.cert);
  replace('/etc/ssl/verification-portal/privkey.pem', vars.key);
  replace('portal.example.gov.ng', vars.name);
  return text;
}

/** nginx as an unprivileged process with its own prefix, in front of the two hosts. */
export async function startNginx(appPort: number, name: string, cleanup: (() => void)[]): Promise<Nginx> {
  expect(fs.existsSync('/usr/sbin/nginx'), "nginx: install Debian's nginx package (.ci/run does)").toBe(true);
  const dir = tempDir('portal-nginx-');
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync('openssl', [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
    ...['-keyout', key, '-out', cert, '-days', '1', '-subj', `/CN=${name}`],
    ...['-addext', `subjectAltName=DNS:${name},DNS:*.${name}`],
  ]);
  const [tls, http] = [await freePort(), await freePort()];
  fs.writeFileSync(path.join(dir, 'site.conf'), siteConfig({ name, tls, http, appPort, cert, key }));
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'worker_processes 2;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      `  log_format upstreams '$msec|$status|$upstream_addr|$upstream_status|$request_method|$uri';`,
      `  access_log ${dir}/access.log upstreams;`,
      `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
      `  include ${dir}/site.conf;`,
      '}',
    ].join('\n'),
  );
  // Unprivileged: as `nobody` when the tests run as root (CI), else as the test's own user.
  const asRoot = process.getuid?.() === 0;
  const ids = asRoot
    ? {
        uid: Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' })),
        gid: Number(execFileSync('id', ['-g', 'nobody'], { encoding: 'utf8' })),
      }
    : {};
  if (asRoot) execFileSync('chown', ['-R', 'nobody', dir]);
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')];
  execFileSync('/usr/sbin/nginx', [...args, '-t', '-q'], { ...ids, stdio: 'pipe' });
  const child: ChildProcess = spawn('/usr/sbin/nginx', [...args, '-g', 'daemon off;'], {
    ...ids,
    stdio: 'ignore',
  });
  cleanup.push(() => {
    if (child.exitCode === null) child.kill('SIGTERM');
  });
  await listening('127.0.0.1', tls);
  return {
    child,
    tls,
    http,
    ca: fs.readFileSync(cert),
    /** The access log: time, status, the upstreams tried and their statuses, method, path. */
    log: () => fs.readFileSync(path.join(dir, 'access.log'), 'utf8').trim().split('\n'),
  };
}
