// Test helpers: images and multipart bodies for the upload specs (not part of the lib's API).
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A small photo-like image (a gradient, so it does not compress to nothing) in `format`. */
export async function photo(format: 'jpeg' | 'png' | 'webp' | 'avif', width = 64, height = 48): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels.set([(x * 255) / width, (y * 255) / height, 128], (y * width + x) * 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    [format]()
    .toBuffer();
}

/** A JPEG taken "sideways" (EXIF orientation 6) with GPS coordinates and a camera name in its EXIF. */
export async function jpegWithGpsAndOrientation(width = 60, height = 40): Promise<Buffer> {
  return sharp(await photo('png', width, height))
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretCam', Model: 'Spy 1' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '4/1 3/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '39/1 40/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Whether an EXIF block points to a GPS directory (tag 0x8825, either byte order). */
export function hasGpsDirectory(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid PNG of `side` x `side` pixels (1-bit grey, all black) that is tiny on disk: a
 * 16000x16000 one is 31 KB and would take 256 MB (grey) to 1 GB (RGBA) once decoded.
 */
export function pngBomb(side = 16_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real PNG that is also an HTML page: script in a text chunk and after the end. */
export async function pngPolyglot(): Promise<Buffer> {
  const png = await photo('png', 16, 16);
  const iend = png.length - 12;
  const script = pngChunk('tEXt', Buffer.from('Comment\u0000<html><script>alert(document.cookie)</script></html>', 'latin1'));
  return Buffer.concat([png.subarray(0, iend), script, png.subarray(iend)]);
}

/** A `multipart/form-data` body with one file part (and optional extra fields). */
export function multipart(file: { field?: string; name: string; type: string; data: Buffer }, fields: Record<string, string> = {}) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
  );
  parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
