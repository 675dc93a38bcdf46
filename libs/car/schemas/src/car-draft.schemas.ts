import { ImageRefSchema } from '@dealership/media-schemas';
import { IdSchema } from '@dealership/shared-schemas';
import { z } from 'zod';
import { CarCreateInputSchema } from './car.schemas';

// Cars taken in and not listed yet (issue 46): a delivered order's trade-in, waiting in the back office's
// "Trade-ins to list" until staff list it through Create Car or dismiss it. No purchase figure here:
// the sales staff list them too, and costs are the owners' (the listed car gets its purchase line on the server).

/** A trade-in waiting to be listed, with what its owner's request said of it. */
export const CarDraftSchema = z.object({
  id: IdSchema,
  /** The offer's number (OFR-00012). */
  offerReference: z.string(),
  /** The offer's words for the car ("2015 Toyota Axio, 120,000 km"). */
  title: z.string(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  year: z.number().int().nullable(),
  mileage: z.number().int().nullable(),
  photos: z.array(ImageRefSchema),
  /** ISO time it came in (its order's delivery). */
  createdAt: z.string(),
});
export type CarDraft = z.infer<typeof CarDraftSchema>;

/** A draft dismissed (the car is not for the catalogue: sold on at auction, say). */
export const CarDraftDismissInputSchema = z.object({ id: IdSchema });

/** Create Car, from a draft when `fromDraftId` is given: the draft closes with the car's creation, and the car gets its purchase cost. */
export const CarCreateWithDraftInputSchema = CarCreateInputSchema.extend({ fromDraftId: IdSchema.optional() });
export type CarCreateWithDraftFields = z.output<typeof CarCreateWithDraftInputSchema>;
