import fs from 'node:fs';

/**
 * The end-to-end tests' clock (PORTAL_CLOCK_FILE, DECISIONS 186): the machine's time plus the
 * milliseconds the file holds (none, or no file: the machine's time). Read at every call, so every
 * process of the portal (API and worker) moves the moment a test writes the file. Only the rules
 * that read the portal's `now` move (verification exercises); tokens and rate limits keep real time.
 */
export function fileClock(file: string): () => Date {
  return () => new Date(Date.now() + offsetIn(file));
}

function offsetIn(file: string): number {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch {
    return 0;
  }
  const offset = Number(text);
  if (!Number.isFinite(offset))
    throw new Error(`PORTAL_CLOCK_FILE ${file} holds no number of milliseconds: '${text}'`);
  return offset;
}
