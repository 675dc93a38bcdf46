import { CarListInputSchema, type CarListInput } from '@dealership/car-model';
import { IdSchema, normaliseKenyanPhone, text, TimestampSchema } from '@dealership/shared-schemas';
import { z } from 'zod';

// Buyers' alerts: a saved search of /cars (told when a matching car is listed) or a watched car's
// price (told when it drops), sent to a signed-in buyer's account or to an email address or phone
// number confirmed by a link, at most one message a day, each with a one-click unsubscribe.

/** A subscriber hears at most one message per this many hours (a digest of everything matched meanwhile). */
export const ALERT_MESSAGE_INTERVAL_HOURS = 24;
/** Sign-ups never confirmed are deleted after this many days. */
export const ALERT_UNCONFIRMED_DAYS = 7;
/** Most cars one request may watch (the favourites list's size). */
export const ALERT_MAX_WATCHED_CARS = 20;
/** Most alerts one subscriber may hold. */
export const ALERT_MAX_PER_SUBSCRIBER = 50;

export const ALERT_CONTACT_MESSAGE = 'Enter an email address or a Kenyan phone number, e.g. 0712 345 678';

/** An email address (lower-cased) or a Kenyan phone number (+254...), as a subscriber without an account gives it. */
export const AlertContactSchema = text({ error: ALERT_CONTACT_MESSAGE })
  .trim()
  .min(1, { error: ALERT_CONTACT_MESSAGE })
  .max(254, { error: 'contact must be at most 254 characters' })
  .transform((value, context) => {
    if (value.includes('@')) {
      if (z.email().safeParse(value).success) return value.toLowerCase();
    } else {
      const phone = normaliseKenyanPhone(value);
      if (phone) return phone;
    }
    context.addIssue({ code: 'custom', message: ALERT_CONTACT_MESSAGE });
    return z.NEVER;
  });

/** A saved search's filters: those of `car.list` (sort and page are not kept). */
export const AlertSearchFiltersSchema = CarListInputSchema;
export type AlertSearchFilters = CarListInput;

/** Save a search: signed in, or with `contact` (a confirmation link is sent there first). */
export const AlertSaveSearchInputSchema = z.object({
  filters: AlertSearchFiltersSchema,
  contact: AlertContactSchema.optional(),
});
export type AlertSaveSearchInput = z.input<typeof AlertSaveSearchInputSchema>;

/** Watch cars' prices (a car page's car, or the favourites): signed in, or with `contact`. */
export const AlertWatchPricesInputSchema = z.object({
  carIds: z
    .array(IdSchema, { error: 'carIds must be a list of car ids' })
    .min(1, { error: 'carIds must name at least one car' })
    .max(ALERT_MAX_WATCHED_CARS, { error: `carIds may name at most ${ALERT_MAX_WATCHED_CARS} cars` }),
  contact: AlertContactSchema.optional(),
});
export type AlertWatchPricesInput = z.input<typeof AlertWatchPricesInputSchema>;

/** What a sign-up came to: saved (signed in, or a contact already confirmed) or waiting for the confirmation link. */
export const AlertSignUpResultSchema = z.object({
  status: z.enum(['saved', 'confirmation-sent']),
  /** How many alerts were added (a car already watched is not added twice). */
  added: z.number().int(),
});
export type AlertSignUpResult = z.infer<typeof AlertSignUpResultSchema>;

/** A signed link's token (confirm, unsubscribe). */
export const AlertTokenInputSchema = z.object({
  token: text({ error: 'token is required' }).trim().min(1, { error: 'token is required' }).max(200, { error: 'token is too long' }),
});
export type AlertTokenInput = z.infer<typeof AlertTokenInputSchema>;

/** One alert as its owner sees it. */
export const AlertSchema = z.object({
  id: IdSchema,
  kind: z.enum(['search', 'price']),
  label: text(),
  /** The saved search's /cars address (a search), or the car's page (a price watch). */
  href: text(),
  createdAt: TimestampSchema,
});
export type Alert = z.infer<typeof AlertSchema>;

/** Who a signed link speaks for, and what they have (the unsubscribe page's question). */
export const AlertLinkInfoSchema = z.object({
  /** The recipient, partly hidden (`j***@example.com`, `+254 7** *** 678`). */
  recipient: text(),
  alerts: z.array(AlertSchema.pick({ kind: true, label: true })),
});
export type AlertLinkInfo = z.infer<typeof AlertLinkInfoSchema>;

export const AlertRemoveInputSchema = z.object({ id: IdSchema });
export type AlertRemoveInput = z.infer<typeof AlertRemoveInputSchema>;
