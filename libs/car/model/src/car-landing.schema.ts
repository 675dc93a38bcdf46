import { text } from '@dealership/shared-schemas';
import { z } from 'zod';

// The landing pages' contract (car.landing), apart from their vocabulary (car-landing.ts): the web
// pages read that one without loading zod.

/** A landing page as its address names it (the values are the address's slugs, checked by the server). */
export const CarLandingInputSchema = z.discriminatedUnion('page', [
  z.object({ page: z.literal('body'), bodyType: text().max(80, { error: 'bodyType must be at most 80 characters' }) }),
  z.object({ page: z.literal('budget'), budget: text().max(80, { error: 'budget must be at most 80 characters' }) }),
  z.object({ page: z.literal('condition'), condition: text().max(80, { error: 'condition must be at most 80 characters' }) }),
  // The cars with a 150-point inspection report (issue 44): `/cars/inspected`.
  z.object({ page: z.literal('inspected') }),
  z.object({
    page: z.literal('model'),
    brand: text().max(80, { error: 'brand must be at most 80 characters' }),
    model: text().max(80, { error: 'model must be at most 80 characters' }),
  }),
]);
export type CarLandingInput = z.infer<typeof CarLandingInputSchema>;

/**
 * A landing page's figures (`car.landing`), from one aggregate over its listed cars: how many,
 * the cheapest and dearest price (KES) and the average mileage (km, rounded); the prices and
 * mileage are null when there is no car. `brand` and `model` name a model page's brand and model
 * as the catalogue spells them (null on the other pages). The words are written by the server
 * (car-landing-words), so the page's first load carries none of them.
 */
export const CarLandingSchema = z.object({
  brand: z.object({ name: text(), slug: text() }).nullable(),
  model: text().nullable(),
  count: z.number().int(),
  priceMin: z.number().int().nullable(),
  priceMax: z.number().int().nullable(),
  averageMileage: z.number().int().nullable(),
  /** What the page says (`landingWords`): its heading, its cars' names, its address and trail. */
  words: z.object({
    heading: text(),
    one: text(),
    many: text(),
    path: text(),
    trail: z.array(z.object({ label: text(), to: text() })),
    label: text(),
  }),
  /** The introduction from the figures (`landingIntro`) and the meta description (`landingDescription`, cut to META_DESCRIPTION_LENGTH). */
  intro: text(),
  description: text(),
});
export type CarLanding = z.infer<typeof CarLandingSchema>;

