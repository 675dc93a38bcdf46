import { IMAGE_RESIZE_BOX } from '@dealership/media-schemas';

export interface ResizeBox {
  width: number;
  height: number;
  /** JPEG quality, 0-1. */
  quality: number;
}

/** The size an image of `width` x `height` is drawn at to fit `box`, keeping its aspect ratio; never enlarged. */
export function fitWithin(width: number, height: number, box: Pick<ResizeBox, 'width' | 'height'>): { width: number; height: number } {
  const scale = Math.min(1, box.width / width, box.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Spec §5's client-side image handling: the picked image is redrawn to fit within 800 x 600
 * (aspect kept, EXIF orientation applied) and re-encoded as JPEG at 0.6. A phone's 5 MB photo
 * leaves the browser as about 100 KB, which is what makes uploads bearable on a slow network;
 * the server re-encodes again (WebP, variants), so nothing here is trusted. Transparent areas
 * (PNG logos) become white rather than JPEG's black.
 */
export async function resizeImage(file: Blob, box: ResizeBox = IMAGE_RESIZE_BOX): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const size = fitWithin(bitmap.width, bitmap.height, box);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Canvas 2D is not available');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return await new Promise<Blob>((resolve, reject) => {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded'))), 'image/jpeg', box.quality);
    });
  } finally {
    bitmap.close();
  }
}
