import { describe, expect, it } from 'vitest';
import { API_ROUTES, operationIdOf } from './api-routes.ts';
import { pathOf, pathParamNames } from './define-route.ts';
import { RECORDS_ROUTES } from './records.ts';
import { VALIDATION_ROUTES } from './validation.ts';

describe('the API route table', () => {
  it('names each method and path once', () => {
    const keys = API_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(API_ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: its params schema has exactly the path parameters',
    (_name, route) => {
      const fromPath = pathParamNames(route.path).sort();
      const fromSchema = Object.keys(route.params?.shape ?? {}).sort();
      expect(fromSchema).toEqual(fromPath);
    },
  );

  it('declares roles or public on every route, never both', () => {
    for (const route of API_ROUTES) {
      expect(Boolean(route.public) !== Boolean(route.roles?.length), `${route.path}`).toBe(true);
    }
  });
});

describe('pathOf', () => {
  it('fills each :name with its value, URI-encoded', () => {
    expect(pathOf(VALIDATION_ROUTES.decide, { id: 'a b/c' })).toBe('/api/v1/records/a%20b%2Fc/validate');
    expect(pathOf(VALIDATION_ROUTES.pendingQueue)).toBe('/api/v1/records/queue/pending-approval');
  });

  it('refuses a path parameter without a value', () => {
    expect(() => pathOf(VALIDATION_ROUTES.decide, {})).toThrow(/no value for :id/);
  });
});

describe('operationIdOf', () => {
  it('gives every route of the table its own operationId, from its feature and key', () => {
    const ids = API_ROUTES.map((route) => operationIdOf(route));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(operationIdOf(RECORDS_ROUTES.upload)).toBe('recordsUpload');
  });

  it('names a route outside the table by its method and path', () => {
    expect(operationIdOf({ ...RECORDS_ROUTES.upload })).toBe('postApiV1RecordsUpload');
  });
});
