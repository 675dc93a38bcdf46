import { CERTIFICATE_MAX_BYTES, CertificateFileSchema } from '@dealership/inspection-schemas';
import { accessDenial, AdminOnly, AuthService, Public } from '@dealership/server-auth';
import { parseOrThrow, readMultipartFile, sendPrivateDocument } from '@dealership/server-core';
import { RestRoute } from '@dealership/server-openapi';
import { IdSchema } from '@dealership/shared-schemas';
import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { InspectionCertificateService } from './inspection-certificate.service';

const CertificateParamsSchema = z.object({ id: IdSchema });

/**
 * The pre-shipment inspection certificates (issue 44): staff upload one before saving the
 * inspection that takes it; buyers download one only while a car's inspection shows it publicly,
 * staff any (with their token: the back office fetches it). A private certificate is answered 404
 * to anyone else, as if it did not exist.
 */
@Controller('inspection-certificates')
export class InspectionCertificateController {
  constructor(
    private readonly certificates: InspectionCertificateService,
    private readonly auth: AuthService,
  ) {}

  @AdminOnly()
  @Post()
  @HttpCode(201)
  @RestRoute({
    tag: 'inspection',
    summary: 'Uploads a pre-shipment inspection certificate (staff)',
    description:
      'A PDF (kept as sent) or a picture (JPEG, PNG, WebP or AVIF, re-encoded as WebP without its metadata), at most 10 MB. Kept private until an inspection that names it (`certificateId`) is made public; one no inspection takes is deleted after a day.',
    body: {
      description: 'A multipart form with the file under `file`.',
      multipart: z.object({ file: z.string().meta({ format: 'binary', contentMediaType: 'application/octet-stream', description: 'The certificate.' }) }),
    },
    responses: {
      201: { description: 'The stored certificate.', schema: CertificateFileSchema },
      400: 'No `file` in the form, an upload cut short, or a picture that cannot be read.',
      413: 'Over 10 MB, or a picture of more than 50 megapixels.',
      415: 'Neither a PDF nor a JPEG, PNG, WebP or AVIF picture.',
    },
  })
  async upload(@Req() request: FastifyRequest) {
    return this.certificates.store(await readMultipartFile(request, CERTIFICATE_MAX_BYTES, 'certificate'));
  }

  @Public()
  @Get(':id')
  @RestRoute({
    tag: 'inspection',
    summary: 'Downloads a pre-shipment inspection certificate',
    description:
      "Anyone may download a certificate a car's inspection shows publicly; staff (with their token) any. A PDF comes as an attachment, a picture inline; both with `Content-Security-Policy: sandbox`.",
    params: CertificateParamsSchema,
    token: 'optional',
    responses: {
      200: { description: 'The file.', content: { 'application/pdf': z.string().meta({ format: 'binary' }), 'image/webp': z.string().meta({ format: 'binary' }) } },
      304: 'The client has this version (`If-None-Match`).',
      404: 'No such certificate, or a private one and the caller is not staff.',
    },
  })
  async download(@Param() params: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const { id } = parseOrThrow(CertificateParamsSchema, params);
    const user = await this.auth.userFromAuthorization(request.headers.authorization).catch(() => null);
    const staff = !!user && accessDenial(user, 'admin') === null;
    const file = await this.certificates.download(id, staff);
    return sendPrivateDocument(request, reply, file, file.shownPublicly);
  }
}
