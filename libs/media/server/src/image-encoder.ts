import sharp from 'sharp';

/**
 * An image (any format sharp reads, SVG included) as WebP, `width` pixels wide when given
 * (never upscaled), else at its own size.
 */
export async function toWebp(source: Buffer, width?: number, quality = 78): Promise<Buffer> {
  const image = sharp(source);
  return (width ? image.resize({ width, withoutEnlargement: true }) : image).webp({ quality, effort: 4 }).toBuffer();
}
