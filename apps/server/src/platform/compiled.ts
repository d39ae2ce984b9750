// Whether this code runs compiled (`npm run build`: apps/server/dist, scripts/build-server.mjs) or
// as TypeScript through tsx (`npm start`, the tests): a worker or a child process is then started
// from its compiled file without a loader, or from its TypeScript one with tsx.
export const COMPILED = import.meta.url.endsWith('.js');
