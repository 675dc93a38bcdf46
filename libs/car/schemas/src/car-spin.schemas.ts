import { IdSchema } from '@dealership/shared-schemas';
import { ImageRefSchema } from '@dealership/media-schemas';
import { z } from 'zod';

// A car's 360-degree view (issue 44): an ordered set of frames taken around the car.

/** Frames in a spin set: fewer turn in jumps, more only weigh on the buyer's data. */
export const SPIN_MIN_FRAMES = 24;
export const SPIN_MAX_FRAMES = 72;
/** Frames taken from a walk-around video (`POST /api/media/spin-video`) unless staff ask for another number. */
export const SPIN_VIDEO_FRAMES = 36;

/** The car whose spin set is read or cleared. */
export const CarSpinInputSchema = z.object({ carId: IdSchema });
export type CarSpinInput = z.infer<typeof CarSpinInputSchema>;

/** Staff set a car's spin set: our own uploads, in turning order, replacing any before. */
export const CarSetSpinInputSchema = z.object({
  carId: IdSchema,
  frames: z
    .array(ImageRefSchema, { error: 'frames must be a list of uploaded pictures' })
    .min(SPIN_MIN_FRAMES, { error: `frames: a 360-degree view needs at least ${SPIN_MIN_FRAMES} frames` })
    .max(SPIN_MAX_FRAMES, { error: `frames: a 360-degree view takes at most ${SPIN_MAX_FRAMES} frames` }),
});
export type CarSetSpinInput = z.infer<typeof CarSetSpinInputSchema>;

/** A car's spin set as the car page and the back office read it: no frames when it has none. */
export const CarSpinSchema = z.object({ frames: z.array(ImageRefSchema) });
export type CarSpin = z.infer<typeof CarSpinSchema>;
