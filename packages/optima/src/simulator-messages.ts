import { z } from 'zod';

/**
 * What the simulator tells a parent that started it with an IPC channel (the portal's demo mode):
 * `ready` once it listens, with its base URL (the port may be one the system chose), or `failed`
 * before it exits with code 1 (`code` is the system error code, e.g. EADDRINUSE, when there is one).
 * The parent sends nothing: it stops the simulator with SIGTERM, and the simulator exits by itself
 * when the channel closes, i.e. when the parent is gone, however it died.
 */
export const SimulatorMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), url: z.url() }),
  z.object({ type: z.literal('failed'), code: z.string().optional(), message: z.string() }),
]);
export type SimulatorMessage = z.infer<typeof SimulatorMessageSchema>;
