import { Public } from '@dealership/server-auth';
import { parseOrThrow } from '@dealership/server-core';
import { Controller, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { createReadStream } from 'node:fs';
import { z } from 'zod';
import { DOCS_ASSET_NAMES, DOCS_ASSETS, DOCS_PAGE, docsAssetPath } from './docs-page';
import { OpenApiDocumentService } from './openapi-document.service';
import { RestRoute } from './rest-route';

const DocsAssetParamsSchema = z.object({ file: z.enum(DOCS_ASSET_NAMES, { error: `file must be one of: ${DOCS_ASSET_NAMES.join(', ')}` }) });

/** The document's own shape, as far as a client relies on it. */
const OpenApiObjectSchema = z
  .looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) })
  .meta({ description: 'An OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0).' });

const DAY_SECONDS = 86_400;

/** The REST contract, machine-readable (`/api/openapi.json`) and readable (`/api/docs`). */
@Public()
@Controller()
export class OpenApiController {
  constructor(private readonly openApi: OpenApiDocumentService) {}

  @Get('openapi.json')
  @RestRoute({
    tag: 'docs',
    summary: 'The REST contract as an OpenAPI 3.1 document',
    description:
      'Every `/api` route: parameters, bodies, answers by status (the legacy shapes), errors and access. Built once at start from the schemas the routes validate with.',
    responses: { 200: { description: 'The document.', schema: OpenApiObjectSchema } },
    database: false,
  })
  document(@Res({ passthrough: true }) reply: FastifyReply): string {
    void reply.header('cache-control', 'public, max-age=300').type('application/json; charset=utf-8');
    return this.openApi.json;
  }

  @Get('docs')
  @RestRoute({
    tag: 'docs',
    summary: 'The REST contract, readable: Swagger UI on /api/openapi.json',
    responses: { 200: { description: 'The page (its script and styles are the files of `/api/docs/{file}`).', content: { 'text/html': z.string() } } },
    database: false,
  })
  page(@Res({ passthrough: true }) reply: FastifyReply): string {
    void reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    return DOCS_PAGE;
  }

  @Get('docs/:file')
  @RestRoute({
    tag: 'docs',
    summary: "A file of the docs page (Swagger UI's script and styles, the page's initializer)",
    params: DocsAssetParamsSchema,
    responses: {
      200: { description: 'The file.', content: { 'application/javascript': z.string(), 'text/css': z.string() } },
      400: 'Not a file of the page.',
    },
    database: false,
  })
  asset(@Param('file') file: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const asset = DOCS_ASSETS[parseOrThrow(DocsAssetParamsSchema, { file }).file];
    void reply.header('cache-control', `public, max-age=${DAY_SECONDS}`).type(asset.type);
    const path = docsAssetPath(asset);
    return path ? createReadStream(path) : asset.text;
  }
}
