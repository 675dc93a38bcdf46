/** Widths the server renders for every local picture (`/media/<folder>/<base>.w480.webp`). */
export const IMAGE_VARIANT_WIDTHS = [320, 480, 640, 960] as const;

/** Full-size widths of the stored pictures: cars 1200x800 (3:2), brand logos 400x400. */
export const IMAGE_FULL_WIDTH = { car: 1200, logo: 400 } as const;

const LOCAL_WEBP = /^(\/media\/[^?#]+)\.webp$/;

/**
 * A `srcset` for a stored picture: the server's width variants below `fullWidth`, then the
 * original at `fullWidth`. Urls outside `/media/` (Cloudinary) get none: `undefined`.
 */
export function imageSrcSet(url: string, fullWidth: number = IMAGE_FULL_WIDTH.car): string | undefined {
  const match = LOCAL_WEBP.exec(url);
  if (!match) return undefined;
  const base = match[1];
  const variants = IMAGE_VARIANT_WIDTHS.filter((width) => width < fullWidth).map((width) => `${base}.w${width}.webp ${width}w`);
  return [...variants, `${url} ${fullWidth}w`].join(', ');
}

/**
 * The smallest stored variant at least `width` pixels wide (for a fixed-size thumbnail or logo),
 * or the url itself when it has no variants.
 */
export function imageVariant(url: string, width: number, fullWidth: number = IMAGE_FULL_WIDTH.car): string {
  const match = LOCAL_WEBP.exec(url);
  if (!match) return url;
  const fit = IMAGE_VARIANT_WIDTHS.find((w) => w >= width && w < fullWidth);
  return fit ? `${match[1]}.w${fit}.webp` : url;
}
