import type {} from '@fastify/multipart';
import { AdminOnly, LeadThrottle, Public } from '@dealership/server-auth';
import { APP_CONFIG, type AppConfig, parseOrThrow } from '@dealership/server-core';
import { text } from '@dealership/shared-schemas';
import { Controller, Delete, HttpCode, Inject, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { toLegacyUpload } from './image.legacy-mapper';
import { ImageTooLargeError, UploadFileMissingError } from './media.errors';
import { MediaService } from './media.service';

const DeleteImageQuerySchema = z.object({
  image: text().trim().min(1, { error: 'image is required' }).max(512, { error: 'image must be at most 512 characters' }),
});

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
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('media/upload')
  @HttpCode(201)
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
  async leadPhoto(@Req() request: FastifyRequest) {
    await this.throttle.beginPhoto(request.ip);
    const { url, publicId, width, height } = await this.media.upload(await this.readFile(request), 'leads');
    return { url, publicId, width, height };
  }

  /** The multipart request's one `file`, within the size limit. */
  private async readFile(request: FastifyRequest): Promise<{ data: Buffer; fileName: string }> {
    if (!request.isMultipart()) throw new UploadFileMissingError();
    const tooLarge = () => new ImageTooLargeError(`The image is larger than ${Math.round((this.config.mediaMaxBytes / 1_048_576) * 10) / 10} MB`);
    let part;
    try {
      part = await request.file({ limits: { files: 1, fileSize: this.config.mediaMaxBytes, fields: 10, parts: 12 } });
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
  async deleteUnattached(@Query() query: unknown) {
    const { image } = parseOrThrow(DeleteImageQuerySchema, query);
    await this.media.removeUnattached(image);
    return { success: true, message: 'Image deleted' };
  }
}
