import { containsMarkup, sniffImageFormat } from './image-sniffer';
import { photo, pngPolyglot } from './upload-fixtures';

describe('sniffImageFormat', () => {
  it.each(['jpeg', 'png', 'webp', 'avif'] as const)('recognises %s by its bytes', async (format) => {
    expect(sniffImageFormat(await photo(format, 8, 8))).toBe(format);
  });

  it.each([
    ['text', Buffer.from('hello, I am a JPEG, honestly')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['HTML', Buffer.from('<!doctype html><html></html>')],
    ['GIF', Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000')],
    ['a HEIC (ISO BMFF, not AVIF)', Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheicmif1heic', 'latin1'), Buffer.alloc(8)])],
    ['too short', Buffer.from([0xff, 0xd8, 0xff])],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffImageFormat(bytes)).toBeUndefined();
  });
});

describe('containsMarkup', () => {
  it('finds script and markup anywhere in the bytes, and not in a plain photo', async () => {
    expect(containsMarkup(await pngPolyglot())).toBe(true);
    expect(containsMarkup(Buffer.concat([await photo('jpeg'), Buffer.from('<?php system($_GET[1]); ?>')]))).toBe(true);
    expect(containsMarkup(Buffer.from('x <SVG onload=alert(1)>'))).toBe(true);
    for (const format of ['jpeg', 'png', 'webp', 'avif'] as const) expect(containsMarkup(await photo(format, 200, 150))).toBe(false);
  });
});
