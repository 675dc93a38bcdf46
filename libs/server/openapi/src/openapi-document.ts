import { ACCESS_KEY, type Access, DEFAULT_ACCESS } from '@dealership/server-auth';
import { LegacyErrorBodySchema } from '@dealership/server-core';
import { type INestApplicationContext, RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ApplicationConfig, ModulesContainer, Reflector } from '@nestjs/core';
import { RoutePathFactory } from '@nestjs/core/router/route-path-factory';
import { z, type ZodType } from 'zod';
import { createDocument, type oas31, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponseObject } from 'zod-openapi';
import { REST_ROUTE_KEY, type RestResponseDoc, type RestRouteDoc } from './rest-route';

/** The REST contract as an OpenAPI 3.1 document. */
export type OpenApiDocument = oas31.OpenAPIObject;

/** A REST route of the app, as Nest registers it on Fastify, with its documentation (if any). */
export interface RestRouteInfo {
  /** Lower-case HTTP method (`get`). */
  method: string;
  /** The URL pattern as Fastify has it: `/api/car/getCarById-car/:slug`. */
  url: string;
  /** The same path as OpenAPI writes it: `/api/car/getCarById-car/{slug}`. */
  path: string;
  /** `CarController.getBySlug` */
  handler: string;
  access: Access;
  successStatus: number;
  doc: RestRouteDoc | undefined;
}

const SECURITY_SCHEMES = {
  bearerToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: '`Authorization: Bearer <token>`: the token of `POST /api/user/login`.',
  },
  bareToken: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: '`Authorization: <token>`: the same token sent bare, as the legacy client sends it.',
  },
} as const;
const TOKEN_REQUIRED = [{ bearerToken: [] }, { bareToken: [] }];
const TOKEN_OPTIONAL = [{}, ...TOKEN_REQUIRED];

const ACCESS_NOTE: Record<Access, string> = {
  public: 'Public.',
  user: 'Signed in: any valid token.',
  admin: 'Staff only (role 1, the legacy "admin": owners and sales): 401 without a valid token, 403 for another user.',
  owner: 'Owners only: 401 without a valid token, 403 for a customer or a salesperson.',
};

const RetryAfterHeaders = z.object({ 'retry-after': z.string().meta({ description: 'Seconds to wait before trying again.' }) });

/** The answers every route of a kind may give, described once here. */
const STANDARD_ERRORS: Record<number, RestResponseDoc> = {
  400: { description: 'Invalid input: `message` is the first problem; a validation error lists every field in `errors`.' },
  401: { description: 'No valid token: missing, malformed, forged, expired, or its session ended.' },
  403: { description: 'A valid token of a user who is not an admin.' },
  404: { description: 'Nothing matches the path (an empty or unknown path parameter).' },
  413: { description: 'The body is larger than allowed.' },
  415: { description: 'A body of a content type this route does not read.' },
  503: { description: 'The database is unavailable: nothing was done; try again after `Retry-After` seconds.', headers: RetryAfterHeaders },
};

const METHODS: Partial<Record<RequestMethod, string>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.DELETE]: 'delete',
  [RequestMethod.PATCH]: 'patch',
};

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const pathParams = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort();
const definedOnly = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** What the routes are read from: the Nest app, or (in a provider) the core providers themselves. */
export type RouteSource = INestApplicationContext | { modules: ModulesContainer; reflector: Reflector; config: ApplicationConfig };

function routeSourceOf(source: RouteSource): { modules: ModulesContainer; reflector: Reflector; config: ApplicationConfig } {
  if ('modules' in source) return source;
  return { modules: source.get(ModulesContainer), reflector: source.get(Reflector), config: source.get(ApplicationConfig) };
}

/**
 * Every REST route the app's controllers declare, with the URL Nest registers for it (the global
 * prefix and its exclusions applied) and the route's `@RestRoute` documentation.
 */
export function restRoutesOf(source: RouteSource): RestRouteInfo[] {
  const { modules, reflector, config } = routeSourceOf(source);
  const paths = new RoutePathFactory(config);
  const globalPrefix = config.getGlobalPrefix();
  const routes: RestRouteInfo[] = [];
  for (const module of modules.values()) {
    for (const { metatype } of module.controllers.values()) {
      if (typeof metatype !== 'function') continue;
      const ctrlPaths = [reflector.get<string | string[] | undefined>(PATH_METADATA, metatype) ?? ''].flat();
      for (const name of Object.getOwnPropertyNames(metatype.prototype)) {
        const handler: unknown = name === 'constructor' ? undefined : metatype.prototype[name];
        if (typeof handler !== 'function') continue;
        const methodPath = reflector.get<string | string[] | undefined>(PATH_METADATA, handler);
        if (methodPath === undefined) continue;
        const requestMethod = reflector.get<RequestMethod>(METHOD_METADATA, handler);
        const method = METHODS[requestMethod];
        if (!method)
          throw new Error(`${metatype.name}.${name}: ${RequestMethod[requestMethod]} routes are not documented; add the method to the OpenAPI builder`);
        const access = reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [handler, metatype]) ?? DEFAULT_ACCESS;
        const successStatus = reflector.get<number | undefined>(HTTP_CODE_METADATA, handler) ?? (requestMethod === RequestMethod.POST ? 201 : 200);
        const doc = reflector.get<RestRouteDoc | undefined>(REST_ROUTE_KEY, handler);
        for (const ctrlPath of ctrlPaths) {
          for (const one of [methodPath].flat()) {
            for (const url of paths.create({ ctrlPath, methodPath: one, globalPrefix }, requestMethod)) {
              routes.push({ method, url, path: toOpenApiPath(url), handler: `${metatype.name}.${name}`, access, successStatus, doc });
            }
          }
        }
      }
    }
  }
  return routes.sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}

function response(status: number, entry: string | RestResponseDoc, errorBody: ZodType): ZodOpenApiResponseObject {
  const doc = typeof entry === 'string' ? { description: entry } : entry;
  const schema = doc.schema ?? (status >= 400 && !doc.content ? errorBody : undefined);
  const content = {
    ...(schema ? { 'application/json': { schema } } : {}),
    ...Object.fromEntries(Object.entries(doc.content ?? {}).map(([type, s]) => [type, { schema: s }])),
  };
  return { description: doc.description, ...(Object.keys(content).length > 0 ? { content } : {}), ...(doc.headers ? { headers: doc.headers } : {}) };
}

function operation(route: RestRouteInfo, doc: RestRouteDoc): ZodOpenApiOperationObject {
  const problems: string[] = [];
  const declared = doc.params ? Object.keys((doc.params as z.ZodObject).shape ?? {}).sort() : [];
  if (declared.join() !== pathParams(route.url).join())
    problems.push(`its params (${declared.join(', ') || 'none'}) are not the path's (${pathParams(route.url).join(', ') || 'none'})`);
  if (!(route.successStatus in doc.responses)) problems.push(`its success status ${route.successStatus} is not among its responses`);
  if (problems.length > 0) throw new Error(`${route.method.toUpperCase()} ${route.url} (${route.handler}): ${problems.join('; ')}`);

  const responses: Record<number, string | RestResponseDoc> = {};
  // Fastify reads the body of these methods whether the route uses it or not: a malformed,
  // oversized or unreadable one is refused (400, 413, 415) before the handler runs.
  const readsBody = Boolean(doc.body) || ['post', 'put', 'patch'].includes(route.method);
  const hasInput = Boolean(doc.params || doc.query || doc.headers || readsBody);
  const standard = [
    ...(hasInput ? [400] : []),
    ...(pathParams(route.url).length > 0 ? [404] : []),
    ...(route.access !== 'public' ? [401] : []),
    ...(route.access === 'admin' || route.access === 'owner' ? [403] : []),
    ...(readsBody ? [413, 415] : []),
    ...(doc.database === false ? [] : [503]),
  ];
  for (const status of standard) responses[status] = STANDARD_ERRORS[status];
  Object.assign(responses, doc.responses);
  const errorBody = doc.errorBody ?? LegacyErrorBodySchema;

  const body = doc.body;
  const bodyContent = body
    ? { ...(body.json ? { 'application/json': { schema: body.json } } : {}), ...(body.multipart ? { 'multipart/form-data': { schema: body.multipart } } : {}) }
    : undefined;
  const security = route.access !== 'public' ? TOKEN_REQUIRED : doc.token === 'optional' ? TOKEN_OPTIONAL : undefined;
  const [controller, handler] = route.handler.split('.');
  return {
    operationId: `${lowerFirst(controller.replace(/Controller$/, ''))}.${handler}`,
    summary: doc.summary,
    description: [doc.description, `**Access:** ${ACCESS_NOTE[route.access]}`].filter(Boolean).join('\n\n'),
    tags: [doc.tag ?? route.url.split('/')[2] ?? 'api'],
    ...(doc.params || doc.query || doc.headers ? { requestParams: definedOnly({ path: doc.params, query: doc.query, header: doc.headers }) } : {}),
    ...(body && bodyContent ? { requestBody: { description: body.description, required: body.required ?? true, content: bodyContent } } : {}),
    responses: Object.fromEntries(Object.entries(responses).map(([status, entry]) => [status, response(Number(status), entry, errorBody)])),
    ...(security ? { security } : {}),
    'x-access': route.access,
  };
}

export interface OpenApiDocumentOptions {
  title?: string;
  version?: string;
  description?: string;
}

/**
 * The OpenAPI 3.1 document of every REST route under the global prefix (`/api`), from the
 * routes' `@RestRoute` documentation and Nest metadata. A route under the prefix without
 * documentation is an error naming it: nothing joins the REST API undocumented.
 */
export function buildOpenApiDocument(source: RouteSource, options: OpenApiDocumentOptions = {}): OpenApiDocument {
  const prefix = `/${routeSourceOf(source)
    .config.getGlobalPrefix()
    .replace(/^\/+|\/+$/g, '')}/`;
  const routes = restRoutesOf(source).filter((route) => route.url.startsWith(prefix));
  const undocumented = routes.filter((route) => !route.doc);
  if (undocumented.length > 0) {
    throw new Error(`REST routes without @RestRoute documentation: ${undocumented.map((r) => `${r.method.toUpperCase()} ${r.url} (${r.handler})`).join(', ')}`);
  }
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    paths[route.path] ??= {};
    (paths[route.path] as Record<string, ZodOpenApiOperationObject>)[route.method] = operation(route, route.doc as RestRouteDoc);
  }
  const tags = [...new Set(routes.map((route) => route.doc?.tag ?? route.url.split('/')[2]))].sort().map((name) => ({ name }));
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: options.title ?? 'dealership REST API',
      version: options.version ?? '1.0.0',
      description: options.description,
    },
    tags,
    paths,
    components: { securitySchemes: SECURITY_SCHEMES },
  }) as OpenApiDocument;
}
