// Loaded with `node --import` before the compiled server (test/process/production-build.test.ts):
// any import of tsx or of a TypeScript file in this process fails it, so that a start that still
// needs a loader shows as a failed start rather than passing quietly with tsx in node_modules.
import { register } from 'node:module';

const hooks = `
export async function resolve(specifier, context, next) {
  if (/^tsx(\\/|$)/.test(specifier)) throw new Error('tsx imported by ' + context.parentURL);
  const resolved = await next(specifier, context);
  if (/\\.[cm]?tsx?$/.test(new URL(resolved.url).pathname))
    throw new Error('TypeScript imported: ' + resolved.url);
  return resolved;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
