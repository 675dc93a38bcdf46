import sharp from 'sharp';

/** Renders an SVG to WebP (used for the generated demo pictures). */
export async function svgToWebp(svg: string, quality = 78): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality, effort: 4 }).toBuffer();
}
