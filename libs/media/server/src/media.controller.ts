import type {} from '@fastify/multipart';
import { AuditService } from '@dealership/audit-server';
import { AdminOnly, isIntakeRefusal, LeadThrottle, Public } from '@dealership/server-auth';
import { APP_CONFIG, type AppConfig, parseOrThrow } from '@dealership/server-core';
import { LegacyMessageBodySchema } from '@dealership/server-legacy-rest';
import { RestRoute, type RestRouteDoc } from '@dealership/server-openapi';
import { text } from '@dealership/shared-schemas';
import { Controller, Delete, HttpCode, Inject, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LegacyUploadResponseSchema, toLegacyUpload } from './image.legacy-mapper';
import { ImageTooLargeError, UploadFileMissingError } from './media.errors';
import { MediaService, megabytes } from './media.service';

const DeleteImageQuerySchema = z.object({
  image: text().trim().min(1, { error: 'image is required' }).max(512, { error: 'image must be at most 512 characters' }),
});

/** A multipart form with one image file under `file`. */
const ImageFileBody = {
  description: 'A multipart form with one image under `file` (JPEG, PNG, WebP or AVIF, recognised by its bytes).',
  multipart: z.object({ file: z.string().meta({ format: 'binary', contentMediaType: 'application/octet-stream', description: 'The image.' }) }),
};
/** What an upload may answer besides its success (the pipeline's checks, docs/domains.md "Media"). */
const UPLOAD_ERRORS: RestRouteDoc['responses'] = {
  400: 'No `file` in the form, an upload cut short, or an image that cannot be read.',
  413: 'The file is over `MEDIA_MAX_BYTES`, or the image has more than 50 megapixels.',
  415: 'Not a JPEG, PNG, WebP or AVIF image, or an image with markup or script in it.',
  502: 'The image store (Cloudinary) did not answer; nothing was stored.',
};
const RetryAfter = z.object({ 'retry-after': z.string().meta({ description: 'Seconds until the limit resets.' }) });

/** `POST /api/media/lead-photo`'s answer: the photo to send with a request (our own names). */
const LeadPhotoResponseSchema = z.strictObject({ url: z.string(), publicId: z.string(), width: z.number().int(), height: z.number().int() });

/** Fastify multipart's own failures we answer in our words. */
const isFileTooLarge = (error: unknown) => (error as { code?: unknown })?.code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * Admin uploads (`POST /api/media/upload`), buyers' photos for their requests
 * (`POST /api/media/lead-photo`, public and rate-limited) and the legacy removal of an upload no car
 * took (`DELETE /api/car/delete-image?image=`: it needs no car, so it lives here).
 */
@AdminOnly()
@Controller()
export class MediaController {
  constructor(
    private readonly media: MediaService,
    private readonly throttle: LeadThrottle,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('media/upload')
  @HttpCode(201)
  @RestRoute({
    summary: 'Uploads a picture for a car or a brand (re-encoded as WebP, metadata dropped)',
    description: 'The picture is unattached until a car or brand write takes it (`documents` / `image` entries); unattached uploads are swept after a day.',
    body: ImageFileBody,
    responses: { 201: { description: 'The stored picture.', schema: LegacyUploadResponseSchema }, ...UPLOAD_ERRORS },
  })
  async upload(@Req() request: FastifyRequest) {
    return toLegacyUpload(await this.media.upload(await this.readFile(request)));
  }

  /**
   * A buyer's photo for a request (a trade-in's pictures): anyone may send one, within the lead
   * photo limits per address. It is re-encoded like the staff's uploads, stored under `leads/`,
   * and swept unless a request takes it (`MediaService.firstForeignLeadPhoto`, `attach`).
   */
  @Public()
  @Post('media/lead-photo')
  @HttpCode(201)
  @RestRoute({
    summary: "A buyer's photo for a trade-in request",
    description:
      'Rate-limited per client address (12 per 10 minutes, 40 a day). At most 5 MB and 12 megapixels (below the staff uploads\' limits). The photo is swept unless a request takes it; 503 while the media disk is below `MEDIA_MIN_FREE_BYTES` free.',
    body: ImageFileBody,
    responses: {
      201: { description: 'The stored photo.', schema: LeadPhotoResponseSchema },
      ...UPLOAD_ERRORS,
      429: { description: 'Too many photos from this address.', headers: RetryAfter },
    },
  })
  async leadPhoto(@Req() request: FastifyRequest) {
    await this.throttle.beginPhoto(request.ip).catch(async (error: unknown) => {
      // The staff see who hit the limits in the activity log (at most a row a minute per address).
      if (isIntakeRefusal(error)) await this.audit.recordThrottleTrip('lead-photo', { ip: request.ip, userAgent: request.headers['user-agent'] }, error.message);
      throw error;
    });
    const { url, publicId, width, height } = await this.media.upload(await this.readFile(request, this.media.uploadLimits('leads').maxBytes), 'leads');
    return { url, publicId, width, height };
  }

  /** The multipart request's one `file`, within the size limit. */
  private async readFile(request: FastifyRequest, maxBytes = this.config.mediaMaxBytes): Promise<{ data: Buffer; fileName: string }> {
    if (!request.isMultipart()) throw new UploadFileMissingError();
    const tooLarge = () => new ImageTooLargeError(`The image is larger than ${megabytes(maxBytes)}`);
    let part;
    try {
      part = await request.file({ limits: { files: 1, fileSize: maxBytes, fields: 10, parts: 12 } });
    } catch (error) {
      if (isFileTooLarge(error)) throw tooLarge();
      throw new UploadFileMissingError();
    }
    if (!part || part.fieldname !== 'file') throw new UploadFileMissingError();
    let data: Buffer;
    try {
      data = await part.toBuffer();
    } catch (error) {
      if (isFileTooLarge(error)) throw tooLarge();
      throw new UploadFileMissingError('The upload was interrupted; please send the image again');
    }
    return { data, fileName: part.filename };
  }

  @Delete('car/delete-image')
  @RestRoute({
    summary: 'Deletes an uploaded picture that no car or brand took yet',
    description: 'Idempotent: an id that is not an unattached upload is left alone and answered the same.',
    query: DeleteImageQuerySchema,
    responses: {
      200: { description: 'Done.', schema: LegacyMessageBodySchema },
      502: 'The image store (Cloudinary) did not answer; the upload stays recorded and the sweep tries again.',
    },
  })
  async deleteUnattached(@Query() query: unknown) {
    const { image } = parseOrThrow(DeleteImageQuerySchema, query);
    await this.media.removeUnattached(image);
    return { success: true, message: 'Image deleted' };
  }
}
