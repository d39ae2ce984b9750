import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_CREDENTIALS } from '@portal/optima/demo-provider';
import { freePort } from './server-process.ts';
import { tempDir } from './temp-dirs.ts';

const simDir = path.resolve(import.meta.dirname, '../../../identity-sim');

export interface SimPerson {
  nin: string;
  ssid?: string;
  fullName: string;
  dateOfBirth: string;
  ministry?: string;
  department?: string;
  gradeLevel?: string;
  biometricsEnrolled?: boolean;
}

export interface SimProcess {
  url: string;
  child: ChildProcess;
  stats(): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

/** The OPTIMA simulator as a separate process, over real HTTP, with its population from a CSV. */
export async function startSimProcess(people: SimPerson[], flags: string[] = []): Promise<SimProcess> {
  const file = path.join(tempDir('portal-sim-'), 'people.csv');
  const header =
    'nin,ssid,psn,fullName,firstName,lastName,dateOfBirth,gender,ministry,department,gradeLevel,biometricsEnrolled';
  const lines = people.map((p) => {
    const [first = p.fullName, ...rest] = p.fullName.split(' ');
    return [
      p.nin,
      p.ssid ?? '',
      '',
      p.fullName,
      first,
      rest.join(' ') || first,
      p.dateOfBirth,
      '',
      p.ministry ?? '',
      p.department ?? '',
      p.gradeLevel ?? '',
      String(p.biometricsEnrolled ?? true),
    ]
      .map((v) => (/[",]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v))
      .join(',');
  });
  fs.writeFileSync(file, `${header}\n${lines.join('\n')}\n`);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/main.ts', '--port', String(port), '--people', file, ...flags],
    {
      cwd: simDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not yet
    }
    if (i > 200 || child.exitCode !== null) throw new Error(`simulator did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    stats: async () => (await (await fetch(`${url}/stats`)).json()) as Record<string, unknown>,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

export const simCredentials = DEMO_CREDENTIALS;

export interface AccountSimProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The account name simulator (issue #36, the name-enquiry protocol) as a separate process over
 * real HTTP: the demo accounts (examples/bank-accounts.csv) unless `--accounts` is among the flags.
 */
export async function startAccountSimProcess(flags: string[] = []): Promise<AccountSimProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/name-enquiry/main.ts', '--port', String(port), ...flags],
    { cwd: simDir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not yet
    }
    if (i > 200 || child.exitCode !== null) throw new Error(`account simulator did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
