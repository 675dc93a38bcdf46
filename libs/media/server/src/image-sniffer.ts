/** Image formats accepted for upload, as recognised by their leading bytes. */
export type UploadFormat = 'jpeg' | 'png' | 'webp' | 'avif';

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/**
 * The format of an image by its magic number, or undefined for anything else (SVG, HTML, text,
 * GIF, ...). Names and declared content types are never consulted.
 */
export function sniffImageFormat(bytes: Buffer): UploadFormat | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  // ISO BMFF: [size]['ftyp'][major brand][minor version][compatible brands...]
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = bytes.readUInt32BE(0);
    const end = Math.min(boxSize >= 16 ? boxSize : 16, bytes.length, 256);
    const brands = [ascii(bytes, 8, 12)];
    for (let i = 16; i + 4 <= end; i += 4) brands.push(ascii(bytes, i, i + 4));
    if (brands.some((b) => b === 'avif' || b === 'avis')) return 'avif';
  }
  return undefined;
}

/**
 * Markers of markup or script a browser (or a PHP/JSP host) would act on. An image file holding
 * them is a polyglot: valid as an image, dangerous when served or sniffed as something else.
 * Each is long enough (5+ bytes) that compressed image data practically never contains it by chance.
 */
// Not `<?xml` (photo editors write XMP metadata that may start so) nor 3-byte markers such as
// `<%=` (found by chance in ordinary compressed PNGs).
const MARKUP = [/<script/i, /<html/i, /<!doctype\s+html/i, /<svg[\s>]/i, /<\?php/i, /<iframe/i, /<body[\s>]/i, /<object[\s>]/i, /<embed[\s>]/i, /javascript:/i];

/** Whether the bytes contain markup or script anywhere (an image polyglot, an SVG or HTML file). */
export function containsMarkup(bytes: Buffer): boolean {
  const text = bytes.toString('latin1');
  return MARKUP.some((marker) => marker.test(text));
}
