import type { z } from 'zod';
import type { Role } from '../roles.ts';

/**
 * One API route as server and web agree on it: the server registers it (path, schemas, roles) and
 * the web builds its call (path, query, body, answer) from the same object (issue #19).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type SuccessStatus = 200 | 201 | 202 | 204;

interface RouteShape {
  method: HttpMethod;
  /** The full path; `:name` for each path parameter (e.g. `/api/v1/records/:id/validate`). */
  path: string;
  summary: string;
  tags: readonly string[];
  /** One field per `:name` of the path (a test holds them equal). */
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The answer of `status`; absent when the answer is a file of `produces` that is not described. */
  response?: z.ZodType;
  /** The success status (200 unless said). */
  status?: SuccessStatus;
  /** Other answers the route documents, by status. */
  errors?: Readonly<Partial<Record<number, z.ZodType>>>;
  /** Request media types other than JSON (the master list upload). */
  consumes?: readonly string[];
  /**
   * The multipart fields that carry a file (the handler reads the stream itself, so there is no
   * `body` schema): the OpenAPI document describes them as the request body.
   */
  files?: readonly string[];
  /** Optional text fields of such a multipart body, besides its files (the nominal roll's `asOf`). */
  fields?: readonly string[];
  /** Answer media types other than JSON (the CSV files). */
  produces?: readonly string[];
  /**
   * Four-eyes (issue #22): MAKER marks a route that can reject a record, confirm an integrity flag
   * or generate an export, which the tenant's second-approver setting turns into an approval
   * (issue #30: also one that can make someone a tenant admin or change the settings);
   * CHECKER a route that carries such an approval out. A test calls every unsafe route with the
   * setting on and holds that only these lead there.
   */
  fourEyes?: 'MAKER' | 'CHECKER';
}

/** Every route declares the roles that may call it, or that it is public (DESIGN §6). */
type RouteAccess =
  | { roles: readonly [Role, ...Role[]]; public?: undefined; csrf?: undefined }
  | {
      public: true;
      roles?: undefined;
      /** false exempts an unsafe method from the CSRF check (sign-in and the public claim calls only). */
      csrf?: false;
    };

export type ApiRoute = RouteShape & RouteAccess;

/** Keeps the route's literal method, path and schemas in its type. */
export function defineRoute<const R extends ApiRoute>(route: R): R {
  return route;
}

type Input<R, K extends 'params' | 'query' | 'body'> = R extends { [P in K]: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;
type Output<R, K extends 'params' | 'query' | 'body' | 'response'> = R extends {
  [P in K]: infer S extends z.ZodType;
}
  ? z.output<S>
  : undefined;

/** What a caller sends: path parameters, query and body before the server's parsing. */
export type ParamsInput<R extends ApiRoute> = Input<R, 'params'>;
export type QueryInput<R extends ApiRoute> = Input<R, 'query'>;
export type BodyInput<R extends ApiRoute> = Input<R, 'body'>;

/** What the server's handler receives, parsed. */
export type ParsedParams<R extends ApiRoute> = Output<R, 'params'>;
export type ParsedQuery<R extends ApiRoute> = Output<R, 'query'>;
export type ParsedBody<R extends ApiRoute> = Output<R, 'body'>;

/** What a handler may answer (before the response schema's parsing) and what a caller receives. */
export type AnswerInput<R extends ApiRoute> = R extends { response: infer S extends z.ZodType }
  ? z.input<S>
  : never;
export type Answer<R extends ApiRoute> = Output<R, 'response'>;

/** The route's path with each `:name` replaced by its parameter, URI-encoded. */
export function pathOf(route: Pick<ApiRoute, 'path'>, params?: Record<string, string | number>): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${route.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The names of the path's `:name` parameters, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
}
