/**
 * Most cars side by side on /compare. Here rather than in the car contracts so that the browser's
 * compare list (in the entry bundle) can use it without loading the zod schemas.
 */
export const COMPARE_MAX_CARS = 4;
