#!/usr/bin/env node
/**
 * The API document as a client generator reads it (issue #31; DECISIONS 158): builds the OpenAPI
 * document from the route table (the same one /api/docs/json serves, without a database), lints
 * it with Redocly (redocly.yaml: no error, no warning), generates TypeScript types from it with
 * openapi-typescript and type-checks a small openapi-fetch client against them (sign-in, the
 * records list, an upload). Part of `npm run lint`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Inside the repository's node_modules, so that the client file resolves openapi-fetch.
const work = path.join(root, 'node_modules', '.cache', 'check-openapi');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const started = Date.now();

const { buildApiDocument } = await tsImport('../apps/server/src/api-document.ts', import.meta.url);
const document = await buildApiDocument();
const documentFile = path.join(work, 'openapi.json');
writeFileSync(documentFile, JSON.stringify(document, null, 2));

function run(label, file, args) {
  try {
    const out = execFileSync(process.execPath, [file, ...args], {
      cwd: root,
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        NO_COLOR: '1',
      },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return out;
  } catch (err) {
    // Redocly's Node 20 notice is a box of ║ lines: leave it out of the failure's story.
    const text = `${err.stdout ?? ''}${err.stderr ?? ''}`
      .split('\n')
      .filter((line) => !/[║╔╚]/.test(line))
      .join('\n');
    console.error(`check-openapi: ${label} failed\n${text}`);
    process.exit(1);
  }
}

run('Redocly lint', path.join(root, 'node_modules/@redocly/cli/bin/cli.js'), [
  'lint',
  documentFile,
  '--config',
  path.join(root, 'redocly.yaml'),
  '--format',
  'summary',
]);

const { default: openapiTS, astToString } = await import('openapi-typescript');
const types = astToString(await openapiTS(document));
// A .ts file (not .d.ts), so that skipLibCheck does not skip it: the generated types must compile.
writeFileSync(path.join(work, 'api.ts'), types);
writeFileSync(
  path.join(work, 'client.ts'),
  `import createClient from 'openapi-fetch';
import type { paths } from './api.ts';

const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:3000' });

export async function signIn(): Promise<string | undefined> {
  const { data, error } = await client.POST('/api/v1/auth/authenticate', {
    body: { email: 'admin@demo.local', password: 'secret123' },
  });
  if (error) return error.message; // 400, 401, 413, 415, 429: the API's error shape
  return data.token;
}

export async function firstRecords(token: string): Promise<number> {
  const { data, error, response } = await client.GET('/api/v1/records', {
    params: { query: { page: 1, pageSize: 50, q: 'Ada' } },
    headers: { authorization: \`Bearer \${token}\` },
  });
  if (error) return response.status === 401 ? -1 : -error.code.length;
  return data.items.length + data.total;
}

export async function logout(token: string, csrf: string): Promise<boolean> {
  const { response } = await client.POST('/api/v1/auth/logout', {
    headers: { authorization: \`Bearer \${token}\`, 'X-XSRF-TOKEN': csrf },
  });
  return response.status === 204;
}

export async function records(token: string): Promise<void> {
  // @ts-expect-error pageSize is a number
  await client.GET('/api/v1/records', { params: { query: { pageSize: 'all' } } });
  // @ts-expect-error the document has no such path
  await client.GET('/api/v1/recordz');
  void token;
}
`,
);
writeFileSync(
  path.join(work, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: {
      noEmit: true,
      strict: true,
      target: 'es2022',
      lib: ['es2022', 'dom'],
      module: 'nodenext',
      moduleResolution: 'nodenext',
      allowImportingTsExtensions: true,
      skipLibCheck: true,
      types: [],
    },
    files: ['client.ts'],
  }),
);
run('TypeScript check of the generated client', path.join(root, 'node_modules/typescript/bin/tsc'), [
  '-p',
  path.join(work, 'tsconfig.json'),
]);

const operations = Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0);
console.log(
  `OpenAPI document: ${operations} operations; Redocly lint clean; generated client compiles (${Date.now() - started} ms).`,
);
