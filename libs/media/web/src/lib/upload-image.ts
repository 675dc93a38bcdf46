import type { ImageRef } from '@dealership/media-schemas';

/** Where the admin upload is posted (multipart, one field `file`). */
export const MEDIA_UPLOAD_URL = '/api/media/upload';
/** Where a buyer's photo for a request is posted (public, rate-limited; the same multipart form). */
export const LEAD_PHOTO_UPLOAD_URL = '/api/media/lead-photo';

/** Removes an upload no car or brand took (legacy `DELETE /api/car/delete-image?image=`). */
export const unattachedImageUrl = (publicId: string) => `/api/car/delete-image?image=${encodeURIComponent(publicId)}`;

export interface UploadedImage extends ImageRef {
  width: number;
  height: number;
}

export interface UploadOptions {
  /** The session's bearer token. */
  token: string | null;
  /** Name sent with the file (the server ignores it for the type: it sniffs the bytes). */
  fileName: string;
  /** Fraction of the bytes sent, 0-1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Uploads one image; resolves with where it is stored. */
export type UploadImage = (file: Blob, options: UploadOptions) => Promise<UploadedImage>;

/** A refused or failed upload, with the server's message when it gave one. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

function messageOf(body: unknown, fallback: string): string {
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : fallback;
}

/**
 * Posts the image with XMLHttpRequest: `fetch` still reports no upload progress, and a buyer's
 * dealer on a slow network needs to see each picture moving (issue 10: a progress bar per file).
 */
export const uploadImage: UploadImage = (file, options) => uploadTo(MEDIA_UPLOAD_URL, file, options);

/** A buyer's photo for a request (a trade-in's pictures): no account needed. */
export const uploadLeadPhoto: UploadImage = (file, options) => uploadTo(LEAD_PHOTO_UPLOAD_URL, file, { ...options, token: null });

function uploadTo(endpoint: string, file: Blob, options: UploadOptions): Promise<UploadedImage> {
  return postFile(endpoint, file, options, (body) => {
    // The admin upload answers in the legacy shape (`public_id`), the buyers' one in ours (`publicId`).
    const result = body as { url?: unknown; public_id?: unknown; publicId?: unknown; width?: unknown; height?: unknown } | null;
    const publicId = result?.publicId ?? result?.public_id;
    if (!result || typeof result.url !== 'string' || typeof publicId !== 'string') return undefined;
    return { url: result.url, publicId, width: Number(result.width) || 0, height: Number(result.height) || 0 };
  });
}

/**
 * Posts one file as the multipart field `file` with XMLHttpRequest (upload progress) and resolves
 * with what `read` makes of a 200/201 answer; anything else rejects with an `UploadError` carrying
 * the server's message (`failure` when it gave none).
 */
export function postFile<T>(
  endpoint: string,
  file: Blob,
  { token, fileName, onProgress, signal }: UploadOptions,
  read: (body: unknown) => T | undefined,
  failure = 'Error uploading image',
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', endpoint);
    request.responseType = 'json';
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const body: unknown = request.response;
      const ok = request.status === 201 || request.status === 200;
      const result = ok ? read(body) : undefined;
      if (result !== undefined) {
        onProgress?.(1);
        resolve(result);
      } else {
        reject(new UploadError(messageOf(body, failure), request.status));
      }
    };
    request.onerror = () => reject(new UploadError(failure, 0));
    request.onabort = () => reject(new UploadError('The upload was cancelled', 0));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, fileName);
    request.send(form);
  });
}

/** Deletes an upload that was never saved with a car or brand; failures are left to the server's hourly sweep. */
export async function deleteUnattachedImage(publicId: string, token: string | null): Promise<void> {
  try {
    await fetch(unattachedImageUrl(publicId), { method: 'DELETE', headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    // The sweep removes uploads no car took after a day.
  }
}
