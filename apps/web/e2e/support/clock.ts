import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The portal's clock in the journeys (PORTAL_CLOCK_FILE, DECISIONS 186): a file, per port, holding
 * how many milliseconds the portal runs ahead. playwright.config.ts points the server at it and
 * puts it back at 0 at each run; a journey moves it forward to close a verification exercise.
 */
export const clockFile = (port: number) => path.join(os.tmpdir(), `portal-e2e-clock-${port}`);

const PORT = Number(process.env.E2E_PORT ?? 3100);

/** Moves the portal's clock to `days` days ahead of the machine's (0: back to the machine's). */
export function setClockAhead(days: number): void {
  fs.writeFileSync(clockFile(PORT), String(days * 86_400_000));
}
