import { z } from 'zod';

/**
 * zod compiles object parsers with `new Function` when it may, and probes for that with
 * `Function('')` on the first parse. The portal's Content-Security-Policy allows no eval (decision
 * 72), so the probe is a policy violation in every browser; jitless mode skips both. Imported
 * first by main.tsx, before any schema parses.
 */
z.config({ jitless: true });
