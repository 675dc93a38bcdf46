import type { default as SharpFactory, Sharp } from 'sharp';

let sharpModule: Promise<typeof SharpFactory> | undefined;
/**
 * sharp (libvips, a native module) is loaded with the first image, not at start-up (docs/speed.md,
 * "Cold start"). libvips' operation cache is turned off: by default it keeps up to 50 MB of decoded
 * images for a repeat of the same operation, which never comes here (each picture and width is
 * encoded once, then served from disk), so it only held memory (docs/speed.md, "Memory").
 */
const loadSharp = () =>
  (sharpModule ??= import('sharp').then((module) => {
    const sharp = module.default as typeof SharpFactory;
    sharp.cache(false);
    return sharp;
  }));

/**
 * An image (any format sharp reads, SVG included) as WebP, `width` pixels wide when given
 * (never upscaled), else at its own size.
 */
export async function toWebp(source: Buffer, width?: number, quality = 78): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(source);
  return (width ? image.resize({ width, withoutEnlargement: true }) : image).webp({ quality, effort: 4 }).toBuffer();
}

/** Decoded images above this many pixels are refused (decompression bombs). */
export const UPLOAD_MAX_PIXELS = 50_000_000;
/** Uploads are stored at most this many pixels on their longer side. */
export const UPLOAD_MAX_SIDE = 2560;

/** An upload decoded, auto-oriented and stripped of metadata, as WebP. */
export interface EncodedUpload {
  data: Buffer;
  width: number;
  height: number;
}

/** Why an upload could not be encoded: too many pixels, or not decodable. */
export class UploadDecodeError extends Error {
  constructor(readonly reason: 'too-many-pixels' | 'unreadable') {
    super(reason);
    this.name = 'UploadDecodeError';
  }
}

const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/**
 * Re-encodes an uploaded photo as WebP: decoded under a pixel limit (the header is checked before
 * any pixel is decoded, so a 16000x16000 bomb costs nothing), turned upright from its EXIF
 * orientation, fitted inside `UPLOAD_MAX_SIDE`, and written without metadata (EXIF, GPS, XMP, ICC
 * are dropped: sharp keeps none unless asked). Only the first frame of an animation is kept.
 */
export async function encodeUpload(source: Buffer, maxPixels = UPLOAD_MAX_PIXELS): Promise<EncodedUpload> {
  const sharp = await loadSharp();
  const options = { limitInputPixels: maxPixels, failOn: 'error', sequentialRead: true } as const;
  let header: Awaited<ReturnType<Sharp['metadata']>>;
  try {
    header = await sharp(source, options).metadata();
  } catch (error) {
    throw new UploadDecodeError(isPixelLimit(error) ? 'too-many-pixels' : 'unreadable');
  }
  if (!header.width || !header.height) throw new UploadDecodeError('unreadable');
  if (header.width * header.height > maxPixels) throw new UploadDecodeError('too-many-pixels');
  try {
    const { data, info } = await sharp(source, options)
      .rotate()
      .resize({ width: UPLOAD_MAX_SIDE, height: UPLOAD_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    throw new UploadDecodeError(isPixelLimit(error) ? 'too-many-pixels' : 'unreadable');
  }
}
