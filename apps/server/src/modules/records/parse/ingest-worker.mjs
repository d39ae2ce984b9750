// Worker entry of an upload: registers the TypeScript loader (the parsing code is TypeScript),
// then runs ingest-worker-main.ts. Plain JavaScript so that it starts without a loader.
import { register } from 'tsx/esm/api';

register();
await import('./ingest-worker-main.ts');
