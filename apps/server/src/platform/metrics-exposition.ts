import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import client from 'prom-client';
import { registry } from './metrics.ts';

/**
 * One scrape for every portal process of the machine (issue #37 item 2), whoever started them: the
 * API processes a supervisor forks and the workers started on their own. Each process answers its
 * own registry, as JSON, on a unix socket `<socketDir>/<pid>.sock`; whichever process holds
 * METRICS_PORT reads every socket of the directory when scraped and merges the answers with
 * prom-client's AggregatorRegistry.aggregate (counters and histograms summed per label set, gauges
 * by their aggregator). The others try the port again every few seconds, so the exposition moves to
 * another process when its holder stops. A socket nobody answers is a dead process's: removed.
 */
export interface MetricsExposition {
  /** The port holder's address, when this process holds it. */
  readonly address: () => { host: string; port: number } | undefined;
  close(): Promise<void>;
}

export interface MetricsExpositionOptions {
  port: number;
  host: string;
  socketDir: string;
  /** How often a process that does not hold the port tries it again. */
  retryMs?: number;
  log?: (message: string, err?: unknown) => void;
}

/** How long a scrape waits for one process's answer. */
const ANSWER_TIMEOUT_MS = 3000;

export async function startMetricsExposition(opts: MetricsExpositionOptions): Promise<MetricsExposition> {
  fs.mkdirSync(opts.socketDir, { recursive: true, mode: 0o700 });
  const own = path.join(opts.socketDir, `${process.pid}.sock`);
  fs.rmSync(own, { force: true }); // a dead process's, whose pid this one got
  const socketServer = net.createServer((socket) => {
    socket.on('error', () => undefined);
    registry.getMetricsAsJSON().then(
      (json) => socket.end(JSON.stringify(json)),
      () => socket.destroy(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    socketServer.once('error', reject);
    // exclusive: a forked API process listens itself, not through node:cluster's primary.
    socketServer.listen({ path: own, exclusive: true }, () => resolve());
  });

  const httpServer = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://metrics');
    if (req.method !== 'GET' || url.pathname !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at /metrics\n');
      return;
    }
    gather(opts.socketDir).then(
      (text) => res.writeHead(200, { 'content-type': client.Registry.PROMETHEUS_CONTENT_TYPE }).end(text),
      (err: unknown) => {
        opts.log?.('metrics scrape failed', err);
        res.writeHead(500, { 'content-type': 'text/plain' }).end('scrape failed\n');
      },
    );
  });
  httpServer.on('error', () => undefined);
  let holding = false;
  let closed = false;
  const tryPort = () =>
    new Promise<void>((resolve) => {
      const failed = () => resolve();
      httpServer.once('error', failed);
      // exclusive: a forked API process binds the port itself (node:cluster would otherwise share it).
      httpServer.listen({ port: opts.port, host: opts.host, exclusive: true }, () => {
        httpServer.off('error', failed);
        holding = true;
        resolve();
      });
    });
  await tryPort();
  const retry = setInterval(() => {
    if (!holding && !closed) void tryPort();
  }, opts.retryMs ?? 5000);
  retry.unref();

  return {
    address() {
      const a = holding ? httpServer.address() : null;
      return a && typeof a === 'object' ? { host: a.address, port: a.port } : undefined;
    },
    async close() {
      closed = true;
      clearInterval(retry);
      if (holding) await new Promise((r) => httpServer.close(r));
      await new Promise((r) => socketServer.close(r));
      fs.rmSync(own, { force: true });
    },
  };
}

/** Every live process's metrics of the directory, merged into the Prometheus text format. */
export async function gather(socketDir: string): Promise<string> {
  const sockets = fs.readdirSync(socketDir).filter((f) => f.endsWith('.sock'));
  const answers = await Promise.all(sockets.map((f) => askProcess(path.join(socketDir, f))));
  const found = answers.filter((a): a is object[] => a !== undefined);
  return client.AggregatorRegistry.aggregate(found).metrics();
}

function askProcess(socketPath: string): Promise<object[] | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(socketPath);
    socket.setTimeout(ANSWER_TIMEOUT_MS, () => {
      socket.destroy();
      resolve(undefined);
    });
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as object[]);
      } catch {
        resolve(undefined);
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // Nobody listens: the process is gone (SIGKILL leaves its socket file behind).
      if (err.code === 'ECONNREFUSED') fs.rmSync(socketPath, { force: true });
      resolve(undefined);
    });
  });
}
