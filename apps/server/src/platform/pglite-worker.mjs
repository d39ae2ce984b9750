// Worker entry of the embedded database: registers the TypeScript loader, then runs
// pglite-worker-main.ts. Plain JavaScript so that it starts without a loader.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker-main.ts');
