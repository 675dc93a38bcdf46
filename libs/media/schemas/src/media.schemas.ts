import { text } from '@dealership/shared-schemas';
import { z } from 'zod';

/**
 * A stored image: where to load it from and the id the storage knows it by (Cloudinary's public
 * id, or the local file key). The legacy REST shape spells the id `public_id`; its mappers convert.
 */
export const ImageRefSchema = z.object({
  url: text().trim().min(1, { error: 'Image url is required' }).max(2048),
  publicId: text().trim().min(1, { error: 'Image publicId is required' }).max(512),
});
export type ImageRef = z.infer<typeof ImageRefSchema>;

/**
 * `GET /api/media/spin-video`: whether this server can take a car's 360-degree frames from a
 * walk-around video (it needs ffmpeg), and the limits the back office checks before sending one.
 */
export const SpinVideoStatusSchema = z.strictObject({
  available: z.boolean().meta({ description: 'Whether an ffmpeg program runs on this server.' }),
  reason: z.string().nullable().meta({ description: 'Why not, when not, in words fit for staff.' }),
  maxBytes: z.number().int().meta({ description: 'The largest video accepted (`SPIN_VIDEO_MAX_BYTES`).' }),
  maxSeconds: z.number().int().meta({ description: 'The longest video accepted, in seconds.' }),
});
export type SpinVideoStatus = z.infer<typeof SpinVideoStatusSchema>;

/** `POST /api/media/spin-video`'s answer: the frames, stored as unattached uploads, in turning order. */
export const SpinVideoFramesSchema = z.strictObject({ frames: z.array(z.strictObject({ url: z.string(), publicId: z.string() })) });
export type SpinVideoFrames = z.infer<typeof SpinVideoFramesSchema>;
