import type {} from '@fastify/multipart';
import { SPIN_MAX_FRAMES, SPIN_MIN_FRAMES, SPIN_VIDEO_FRAMES } from '@dealership/car-schemas';
import { SpinVideoFramesSchema, SpinVideoStatusSchema } from '@dealership/media-schemas';
import { AdminOnly } from '@dealership/server-auth';
import { APP_CONFIG, type AppConfig, parseOrThrow } from '@dealership/server-core';
import { RestRoute } from '@dealership/server-openapi';
import { Controller, Get, HttpCode, Inject, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { UploadFileMissingError, VideoTooLargeError } from './media.errors';
import { megabytes } from './media.service';
import { SPIN_VIDEO_TIMEOUT_MS, SpinVideoService } from './spin-video.service';
import { SPIN_VIDEO_MAX_SECONDS } from './video-frames';

const framesError = { error: `frames must be a whole number from ${SPIN_MIN_FRAMES} to ${SPIN_MAX_FRAMES}` };
/** How many frames to take: the query's `frames`, else a form field sent before the file, else 36. */
const SpinVideoQuerySchema = z.object({
  frames: z.coerce.number(framesError).int(framesError).min(SPIN_MIN_FRAMES, framesError).max(SPIN_MAX_FRAMES, framesError).optional(),
});

const SEND_VIDEO = 'Send one video as multipart/form-data in a field named file';
const isFileTooLarge = (error: unknown) => (error as { code?: unknown })?.code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * A car's 360-degree frames from a short walk-around video (issue 44), for the staff who upload
 * car pictures: the server takes the frames with ffmpeg and stores each as an uploaded picture;
 * the back office then saves them with `car.setSpin`, as it does photos.
 */
@AdminOnly()
@Controller()
export class SpinVideoController {
  constructor(
    private readonly spinVideo: SpinVideoService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('media/spin-video')
  @RestRoute({
    summary: 'Whether frames can be taken from a video here, and the limits',
    description: 'The back office asks before it offers "Take frames from a video": without ffmpeg on the server the answer says why.',
    responses: { 200: { description: 'What this server can do.', schema: SpinVideoStatusSchema } },
    database: false,
  })
  status() {
    return this.spinVideo.status();
  }

  @Post('media/spin-video')
  @HttpCode(201)
  @RestRoute({
    summary: "Takes a car's 360-degree frames from a walk-around video",
    description:
      `The video (MP4/MOV or WebM, recognised by its bytes; at most \`SPIN_VIDEO_MAX_BYTES\` and ${SPIN_VIDEO_MAX_SECONDS} seconds) is read with ffmpeg, one video at a time per server; ` +
      `\`frames\` pictures (${SPIN_VIDEO_FRAMES} unless asked) spread evenly over it are stored as uploaded pictures are (WebP, unattached until \`car.setSpin\` takes them, swept after a day). The video is not kept.`,
    query: SpinVideoQuerySchema,
    body: {
      description: 'A multipart form with the video under `file` (a `frames` field before it may stand for the query).',
      multipart: z.object({
        frames: z
          .string()
          .optional()
          .meta({ description: `Frames to take, ${SPIN_MIN_FRAMES}-${SPIN_MAX_FRAMES}.` }),
        file: z.string().meta({ format: 'binary', contentMediaType: 'application/octet-stream', description: 'The video.' }),
      }),
    },
    responses: {
      201: { description: 'The frames, in order.', schema: SpinVideoFramesSchema },
      400: `No \`file\` in the form, a bad \`frames\`, or a video that cannot be read, has no moving picture, runs over ${SPIN_VIDEO_MAX_SECONDS} seconds, has fewer pictures than \`frames\` or took over ${SPIN_VIDEO_TIMEOUT_MS / 1000} seconds to read.`,
      413: 'The video is over `SPIN_VIDEO_MAX_BYTES`.',
      415: 'Not an MP4, MOV or WebM video.',
      502: 'The image store (Cloudinary) did not answer; no frame was kept.',
      503: 'No ffmpeg on this server (set `FFMPEG_PATH` or install ffmpeg), or the media disk is below `MEDIA_MIN_FREE_BYTES` free.',
    },
  })
  async takeFrames(@Req() request: FastifyRequest, @Query() query: unknown) {
    const asked = parseOrThrow(SpinVideoQuerySchema, query).frames;
    // ffmpeg is looked for before the video is read: without it the answer comes at once.
    await this.spinVideo.requireFfmpeg();
    if (!request.isMultipart()) throw new UploadFileMissingError(SEND_VIDEO);
    const frames = await this.spinVideo.takeFrames(async (path) => {
      const field = await this.receiveVideo(request, path);
      return asked ?? (field === undefined ? undefined : parseOrThrow(SpinVideoQuerySchema, { frames: field }).frames) ?? SPIN_VIDEO_FRAMES;
    });
    return { frames };
  }

  /** Streams the form's one `file` to `path` (never whole in memory), within the size limit; the `frames` field sent before it, if any. */
  private async receiveVideo(request: FastifyRequest, path: string): Promise<string | undefined> {
    const maxBytes = this.config.spinVideoMaxBytes;
    let part;
    try {
      part = await request.file({ limits: { files: 1, fileSize: maxBytes, fields: 5, parts: 6 } });
    } catch (error) {
      if (isFileTooLarge(error)) throw new VideoTooLargeError(megabytes(maxBytes));
      throw new UploadFileMissingError(SEND_VIDEO);
    }
    if (!part || part.fieldname !== 'file') throw new UploadFileMissingError(SEND_VIDEO);
    try {
      await pipeline(part.file, createWriteStream(path));
    } catch (error) {
      if (isFileTooLarge(error)) throw new VideoTooLargeError(megabytes(maxBytes));
      throw new UploadFileMissingError('The upload was interrupted; please send the video again');
    }
    if (part.file.truncated) throw new VideoTooLargeError(megabytes(maxBytes));
    const field = part.fields['frames'];
    const value = field && !Array.isArray(field) && field.type === 'field' ? field.value : undefined;
    return typeof value === 'string' ? value : undefined;
  }
}
