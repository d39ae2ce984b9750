import type { SimulatorMessage } from '@portal/optima/simulator-messages';

/**
 * The IPC channel to a parent that started the simulator as its child (the portal's demo mode);
 * absent when it runs from a shell. The simulator reports to it and lives no longer than it.
 */
const hasParent = typeof process.send === 'function';

/** Sends a message to the parent, if there is one; resolves once it is handed to the channel. */
export function tellParent(message: SimulatorMessage): Promise<void> {
  if (!hasParent || !process.connected) return Promise.resolve();
  return new Promise((resolve) => process.send!(message, undefined, {}, () => resolve()));
}

/**
 * Calls `onGone` when the channel closes: the parent exited or was killed (even by SIGKILL, which
 * it cannot handle), or let go of us. Called at once if it is already closed.
 */
export function onParentGone(onGone: () => void): void {
  if (!hasParent) return;
  if (!process.connected) {
    onGone();
    return;
  }
  process.once('disconnect', onGone);
}
