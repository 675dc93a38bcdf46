import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { OpenApiDocument } from '../openapi-document';

/** A REST answer that the OpenAPI document does not describe. */
export class ContractViolationError extends Error {
  override name = 'ContractViolationError';
}

/** A route as Fastify registered it. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

export interface ContractCheck {
  /** Every route Fastify registered after the check was installed (HEAD routes it adds for GET left out). */
  readonly registeredRoutes: RegisteredRoute[];
  /** Every answer checked so far, by route and status (`GET /api/car/getAll-car 200`). */
  readonly checked: Set<string>;
}

export interface ContractCheckOptions {
  /** The URL prefix of the documented routes (default `/api/`). */
  prefix?: string;
}

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };
interface InjectResponse {
  statusCode: number;
  headers: Record<string, unknown>;
  rawPayload: Buffer;
  raw: { req: IncomingMessage };
}

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** A schema of the document made standalone for Ajv: `#/components/schemas/X` refs point into `$defs`. */
function standalone(schema: unknown, document: OpenApiDocument): object {
  const rewrite = (value: unknown) => JSON.parse(JSON.stringify(value ?? {}).replaceAll('"#/components/schemas/', '"#/$defs/'));
  return { ...rewrite(schema), $defs: rewrite(document.components?.schemas) };
}

function decode(body: Buffer, encoding: unknown): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

const describeErrors = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? [])
    .map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`)
    .join('; ');

/**
 * Checks every answer of `app.inject` to a documented route (`/api/...`) against the OpenAPI
 * document: the route and method must be in it, the status among the operation's responses, the
 * content type among that response's media types, and a JSON body valid against its schema (Ajv,
 * JSON Schema 2020-12, as OpenAPI 3.1 schemas are). A mismatch rejects the `inject` call with a
 * `ContractViolationError` naming the route, the status and Ajv's errors, so the test that made
 * the call fails there. Requests that no REST route took (pages, `/trpc`, files, unknown paths) are
 * not checked. Install it before the app registers its routes (before `app.init()`); `document` is
 * read at the first check.
 */
export function checkRestContract(app: NestFastifyApplication, document: () => OpenApiDocument, options: ContractCheckOptions = {}): ContractCheck {
  const prefix = options.prefix ?? '/api/';
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const registeredRoutes: RegisteredRoute[] = [];
  const checked = new Set<string>();
  const routeOf = new WeakMap<IncomingMessage, RegisteredRoute>();
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const validators = new Map<string, ValidateFunction>();
  let doc: OpenApiDocument | undefined;

  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });
  fastify.addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.url !== undefined) routeOf.set(request.raw, { method: request.method, url: request.routeOptions.url });
    done();
  });

  const check = (res: InjectResponse) => {
    const route = routeOf.get(res.raw.req);
    if (!route || !route.url.startsWith(prefix)) return;
    doc ??= document();
    const method = route.method === 'HEAD' ? 'get' : route.method.toLowerCase();
    const path = toOpenApiPath(route.url);
    const where = `${route.method} ${route.url} -> ${res.statusCode}`;
    const fail = (problem: string) => {
      const body = res.rawPayload.length > 0 && !res.headers['content-encoding'] ? `\nbody: ${res.rawPayload.toString('utf8').slice(0, 600)}` : '';
      throw new ContractViolationError(`${where}: ${problem} (the OpenAPI document, /api/openapi.json)${body}`);
    };
    const operation = (doc.paths?.[path] as Record<string, Operation> | undefined)?.[method];
    if (!operation) return fail(`the route is not in the document: document it with @RestRoute`);
    const documented = operation.responses ?? {};
    const response = documented[String(res.statusCode)];
    if (!response) return fail(`status ${res.statusCode} is not documented for this route (documented: ${Object.keys(documented).join(', ')})`);
    checked.add(`${route.method} ${route.url} ${res.statusCode}`);
    const contentType = String(res.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    if (!response.content) {
      if (res.rawPayload.length > 0) fail(`the response documents no body, but one came (${contentType || 'no content type'})`);
      return;
    }
    const media = response.content[contentType];
    if (!media) return fail(`content type '${contentType}' is not documented (documented: ${Object.keys(response.content).join(', ')})`);
    if (method === 'get' && route.method === 'HEAD') return;
    if (contentType !== 'application/json' || media.schema === undefined) return;
    let body: unknown;
    try {
      body = JSON.parse(decode(res.rawPayload, res.headers['content-encoding']).toString('utf8'));
    } catch {
      return fail('the body is not JSON');
    }
    const key = `${path} ${method} ${res.statusCode} ${contentType}`;
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile(standalone(media.schema, doc));
      validators.set(key, validate);
    }
    if (!validate(body)) fail(`the body does not match paths['${path}'].${method}.responses['${res.statusCode}']: ${describeErrors(validate.errors)}`);
  };

  // app.inject() calls the Fastify instance's inject, so this wraps both. The callback and chain
  // forms are left as they are (unchecked).
  const inject = fastify.inject.bind(fastify) as (...args: unknown[]) => unknown;
  (fastify as unknown as { inject: (...args: unknown[]) => unknown }).inject = (...args: unknown[]) => {
    if (args.length !== 1 || args[0] === undefined) return inject(...args);
    return (inject(args[0]) as Promise<InjectResponse>).then((res) => {
      check(res);
      return res;
    });
  };

  return {
    // Fastify adds a HEAD route to every GET route (exposeHeadRoutes): answered as the GET.
    get registeredRoutes() {
      const gets = new Set(registeredRoutes.filter((r) => r.method === 'GET').map((r) => r.url));
      return registeredRoutes.filter((r) => r.method !== 'HEAD' || !gets.has(r.url));
    },
    checked,
  };
}
