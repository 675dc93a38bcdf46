import { SetMetadata } from '@nestjs/common';
import type { ZodType } from 'zod';

/** Route metadata key of a route's REST documentation. */
export const REST_ROUTE_KEY = 'dealership:rest-route';

/** A JSON answer (its schema), or an answer of another media type (`content`), or no body at all. */
export interface RestResponseDoc {
  description: string;
  /** The `application/json` body. A status >= 400 given as a bare description gets the route's error body. */
  schema?: ZodType;
  /** Bodies of other media types (`text/html`, `application/javascript`), by media type. */
  content?: Record<string, ZodType>;
  /** Response headers worth knowing (`ETag`, `Retry-After`). */
  headers?: ZodType<unknown, Record<string, unknown>>;
}

/** A request body, as JSON and/or as a multipart form (the legacy client's forms). */
export interface RestBodyDoc {
  description?: string;
  json?: ZodType;
  multipart?: ZodType;
  /** Whether a body is required (default true). */
  required?: boolean;
}

/**
 * The documentation of one REST route, written once beside its handler with the schemas the
 * handler validates with and answers in. The method, path, success status and access level are
 * not repeated here: the document reads them from the route's own Nest metadata (`@Get`,
 * `@HttpCode`, `@Public`/`@LoggedIn`/`@AdminOnly`).
 */
export interface RestRouteDoc {
  summary: string;
  description?: string;
  /** The group in `/api/docs` (default: the first path segment after `/api`). */
  tag?: string;
  /** Path parameters: an object schema whose keys are the route's `:params`. */
  params?: ZodType<unknown, Record<string, unknown>>;
  query?: ZodType<unknown, Record<string, unknown>>;
  headers?: ZodType<unknown, Record<string, unknown>>;
  body?: RestBodyDoc;
  /**
   * Every answer by status. A string is a description; for a status >= 400 it gets the route's
   * error body (`errorBody`). The success status (`@HttpCode`, else 201 for POST, 200 otherwise)
   * must be here. Added unless given: 400 for a route with input, 413 and 415 for a route with a
   * body (and every POST/PUT/PATCH: Fastify reads their bodies), 404 for a route with path
   * parameters, 401 for signed-in routes, 401
   * and 403 for admin routes, 503 (database away).
   */
  responses: Record<number, string | RestResponseDoc>;
  /** The failure body of this route (default: the legacy error envelope `{success:false, message}`). */
  errorBody?: ZodType;
  /**
   * `optional`: a public route that reads a token when there is one (the auth checks). Default:
   * none for public routes, required for signed-in and admin ones.
   */
  token?: 'optional';
  /** False for routes that never touch the database (no 503 when it is away). Default true. */
  database?: boolean;
}

/**
 * Documents a REST route in `/api/openapi.json` (and so `/api/docs`): `@RestRoute({ summary,
 * params, query, body, responses })` beside `@Get(...)`. The integration tests check every
 * answer against it, and a route without it stops the document being built.
 */
export const RestRoute = (doc: RestRouteDoc) => SetMetadata(REST_ROUTE_KEY, doc);
