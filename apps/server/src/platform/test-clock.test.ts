import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from './config.ts';
import { fileClock } from './test-clock.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clock-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the end-to-end tests’ file clock', () => {
  it('runs with the machine until the file says how far ahead, and follows each change of it', () => {
    const file = path.join(dir, 'offset');
    const now = fileClock(file);
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
    const thirtyDays = 30 * 86_400_000;
    fs.writeFileSync(file, String(thirtyDays));
    expect(Math.abs(now().getTime() - (Date.now() + thirtyDays))).toBeLessThan(1000);
    fs.writeFileSync(file, '0');
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
    fs.writeFileSync(file, 'tomorrow');
    expect(() => now()).toThrow(/no number of milliseconds/);
  });

  it('is refused in production', () => {
    expect(() =>
      loadConfig(
        { NODE_ENV: 'production', PORTAL_SECRET: 'x'.repeat(40), PORTAL_CLOCK_FILE: '/tmp/clock' },
        [],
      ),
    ).toThrow(
      new ConfigError('PORTAL_CLOCK_FILE moves the clock for end-to-end tests; it is refused in production.'),
    );
  });
});
