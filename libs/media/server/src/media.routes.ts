import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { MEDIA_URL_PREFIX } from '@dealership/media-schemas';
import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { mkdir } from 'node:fs/promises';
import { MEDIA_STORAGE, type MediaStorage } from './media-storage';

const YEAR_MS = 31_536_000_000;

/**
 * Multipart bodies (`multipart/form-data`) for every route of the app: the image upload here, and
 * the legacy car and brand forms. Registered once, by this module; handlers read the parts with
 * `request.file()` / `request.parts()`. Defaults: files up to `MEDIA_MAX_BYTES`, text fields up to
 * 1 MB (brand logos arrive as data URLs), at most 200 fields and 50 files per request.
 */
export function multipartOptions(config: AppConfig) {
  return { limits: { fileSize: config.mediaMaxBytes, fieldSize: 1_048_576, fields: 200, files: 50, parts: 250, headerPairs: 200 } };
}

/**
 * `GET /media/*`: images the active storage keeps on local disk, cached for a year (file names
 * carry a content hash, so a url's content never changes). Mounted on Fastify directly, outside
 * the `/api` prefix; a path with no file falls through to the app's 404.
 */
@Injectable()
export class MediaRoutes implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit() {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    await mkdir(this.config.mediaDir, { recursive: true });
    // Not awaited: awaiting would boot Fastify's plugins now, before Nest has set its error handler.
    void fastify.register(fastifyStatic, { root: this.config.mediaDir, serve: false });
    void fastify.register(fastifyMultipart, multipartOptions(this.config));
    fastify.get<{ Params: { '*': string } }>(`${MEDIA_URL_PREFIX}/*`, async (request, reply) => {
      const file = await this.storage.localFile(request.params['*']);
      if (!file) return reply.callNotFound();
      return reply.sendFile(file, { maxAge: YEAR_MS, immutable: true });
    });
  }
}
