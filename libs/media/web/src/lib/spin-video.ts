import type { ImageRef, SpinVideoFrames, SpinVideoStatus } from '@dealership/media-schemas';
import { postFile, type UploadOptions } from './upload-image';

/** Where a walk-around video is sent for a car's 360-degree frames (staff only), and asked whether it can be. */
export const SPIN_VIDEO_URL = '/api/media/spin-video';

/** The video types the picker offers; the server recognises the bytes, not these. */
export const PICKABLE_VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;

/** `GET /api/media/spin-video`; a failed ask reads as "not available", with the reason. */
export async function fetchSpinVideoStatus(token: string | null): Promise<SpinVideoStatus> {
  try {
    const res = await fetch(SPIN_VIDEO_URL, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    const body = (await res.json()) as Partial<SpinVideoStatus> & { message?: string };
    if (res.ok && typeof body.available === 'boolean') return body as SpinVideoStatus;
    return { available: false, reason: body.message ?? 'The server could not say whether it takes videos', maxBytes: 0, maxSeconds: 0 };
  } catch {
    return { available: false, reason: 'The server could not be reached', maxBytes: 0, maxSeconds: 0 };
  }
}

/**
 * Sends a walk-around video (with upload progress); the server takes the frames and stores each
 * as an uploaded picture, unattached until saved with the car: resolves with them in turning order.
 */
export function uploadSpinVideo(file: Blob, options: UploadOptions): Promise<ImageRef[]> {
  return postFile(
    SPIN_VIDEO_URL,
    file,
    options,
    (body) => {
      const frames = (body as Partial<SpinVideoFrames> | null)?.frames;
      if (!Array.isArray(frames)) return undefined;
      const valid = frames.every((frame: Partial<ImageRef> | null) => typeof frame?.url === 'string' && typeof frame.publicId === 'string');
      return valid ? frames.map(({ url, publicId }) => ({ url, publicId })) : undefined;
    },
    'Error uploading the video',
  );
}
