import { accessDenial, AdminOnly, AuthService, CurrentUser, Public } from '@dealership/server-auth';
import { parseOrThrow, readMultipartFile, sendPrivateDocument } from '@dealership/server-core';
import { RestRoute } from '@dealership/server-openapi';
import { type AuthUser, IdSchema, text } from '@dealership/shared-schemas';
import { IMPORT_DOCUMENT_MAX_BYTES, ImportDocumentUploadQuerySchema, VehicleImportSchema } from '@dealership/vehicle-import-schemas';
import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { VehicleImportService } from './vehicle-import.service';

const ImportParamsSchema = z.object({ id: IdSchema });
const DocumentParamsSchema = z.object({ documentId: IdSchema });
const DocumentQuerySchema = z.object({ token: text().trim().max(200, { error: 'token is too long' }).optional() });

/**
 * An import's papers (issue 45): staff attach a PDF or a picture (kept privately in the database);
 * staff download any, the buyer those shared with them through their tracking link's token. Anyone
 * else is answered 404, as if the paper did not exist.
 */
@Controller('imports')
export class ImportDocumentController {
  constructor(
    private readonly imports: VehicleImportService,
    private readonly auth: AuthService,
  ) {}

  @AdminOnly()
  @Post(':id/documents')
  @HttpCode(201)
  @RestRoute({
    tag: 'import',
    summary: "Attaches a paper to an import (staff): auction sheet, export certificate, bill of lading...",
    description: 'A PDF (kept as sent) or a picture (re-encoded as WebP without its metadata), at most 10 MB, under `file`; `title` says what it is, `shared=true` shows it on the buyer\'s tracking page.',
    params: ImportParamsSchema,
    query: ImportDocumentUploadQuerySchema,
    body: {
      description: 'A multipart form with the file under `file`.',
      multipart: z.object({ file: z.string().meta({ format: 'binary', contentMediaType: 'application/octet-stream', description: 'The paper.' }) }),
    },
    responses: {
      201: { description: 'The import with its papers.', schema: VehicleImportSchema },
      400: 'No `file` in the form, an upload cut short, a picture that cannot be read, or a missing `title`.',
      404: 'No such import.',
      413: 'Over 10 MB, or a picture of more than 50 megapixels.',
      415: 'Neither a PDF nor a JPEG, PNG, WebP or AVIF picture.',
    },
  })
  async upload(@Param() params: unknown, @Query() query: unknown, @Req() request: FastifyRequest, @CurrentUser() user: AuthUser) {
    const { id } = parseOrThrow(ImportParamsSchema, params);
    const { title, shared } = parseOrThrow(ImportDocumentUploadQuerySchema, query);
    return this.imports.addDocument(id, await readMultipartFile(request, IMPORT_DOCUMENT_MAX_BYTES, 'document'), { title, shared }, user);
  }

  @Public()
  @Get('documents/:documentId')
  @RestRoute({
    tag: 'import',
    summary: "Downloads an import's paper",
    description:
      "Staff (with their token) any paper; the buyer, with their tracking link's `token`, the papers staff shared. A PDF comes as an attachment, a picture inline; both with `Content-Security-Policy: sandbox`, never cached by others.",
    params: DocumentParamsSchema,
    query: DocumentQuerySchema,
    token: 'optional',
    responses: {
      200: { description: 'The file.', content: { 'application/pdf': z.string().meta({ format: 'binary' }), 'image/webp': z.string().meta({ format: 'binary' }) } },
      304: 'The client has this version (`If-None-Match`).',
      404: 'No such paper, or one the caller may not see.',
    },
  })
  async download(@Param() params: unknown, @Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const { documentId } = parseOrThrow(DocumentParamsSchema, params);
    const { token } = parseOrThrow(DocumentQuerySchema, query);
    const user = await this.auth.userFromAuthorization(request.headers.authorization).catch(() => null);
    const document = await this.imports.documentFile(documentId, { staff: !!user && accessDenial(user, 'admin') === null, trackingToken: token });
    return sendPrivateDocument(request, reply, document);
  }
}
