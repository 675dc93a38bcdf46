import { resolve } from 'node:path';
import { z } from 'zod';

// Uploaded pictures: where they are kept and how large they may be.

export const mediaEnv = {
  MEDIA_DIR: z.string().min(1).optional(),
  MEDIA_MAX_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int({ error: 'must be a whole number of bytes' })
    .min(1024, { error: 'must be at least 1024 bytes' })
    .max(104_857_600, { error: 'must be at most 104857600 bytes (100 MB)' })
    .default(15_728_640),
  MEDIA_MIN_FREE_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int({ error: 'must be a whole number of bytes' })
    .min(0, { error: 'must be 0 (no check) or more bytes' })
    .default(268_435_456),
  SPIN_VIDEO_MAX_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int({ error: 'must be a whole number of bytes' })
    .min(1024, { error: 'must be at least 1024 bytes' })
    .max(1_073_741_824, { error: 'must be at most 1073741824 bytes (1 GB)' })
    .default(104_857_600),
  FFMPEG_PATH: z.string().trim().min(1, { error: 'must be the path of an ffmpeg program' }).optional(),
  CLOUDINARY_URL: z
    .string()
    .regex(/^cloudinary:\/\/[^:]+:[^@]+@.+/, { error: 'must look like cloudinary://key:secret@cloud' })
    .optional(),
};

/** The values of these settings once checked. */
type MediaEnv = z.output<z.ZodObject<typeof mediaEnv>>;

export interface MediaConfig {
  mediaDir: string;
  /** Largest image upload accepted, in bytes (413 beyond). */
  mediaMaxBytes: number;
  /** Free bytes the media folder's disk must keep: a local upload that would go below is refused with 503 (0: no check). */
  mediaMinFreeBytes: number;
  /** Largest walk-around video a spin set's frames may be taken from, in bytes (413 beyond). */
  spinVideoMaxBytes: number;
  /** The ffmpeg program that takes a video's frames; unset: `ffmpeg` on PATH, then the bundled static build. */
  ffmpegPath?: string;
  /** `cloudinary://key:secret@cloud`: images stored on Cloudinary instead of `mediaDir`. */
  cloudinaryUrl?: string;
}

export function mediaConfig(e: MediaEnv, cwd: string, dataDir: string): MediaConfig {
  return {
    mediaDir: e.MEDIA_DIR ? resolve(cwd, e.MEDIA_DIR) : resolve(dataDir, 'media'),
    mediaMaxBytes: e.MEDIA_MAX_BYTES,
    mediaMinFreeBytes: e.MEDIA_MIN_FREE_BYTES,
    spinVideoMaxBytes: e.SPIN_VIDEO_MAX_BYTES,
    ffmpegPath: e.FFMPEG_PATH,
    cloudinaryUrl: e.CLOUDINARY_URL,
  };
}
