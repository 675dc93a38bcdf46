/** The gallery viewer's defaults (spec §9). */
export const VIEWER_SLIDE_MS = 450;
/** Autoplay interval: 3000 ms, never shorter than the slide itself (spec §9). */
export const VIEWER_AUTOPLAY_MS = Math.max(3000, VIEWER_SLIDE_MS);
/** A swipe longer than this percentage of the picture's width changes the slide (spec §9: 30). */
export const VIEWER_SWIPE_THRESHOLD_PERCENT = 30;
/** A shorter swipe still changes the slide when faster than this, in px per ms (spec §9: 0.4). */
export const VIEWER_FLICK_THRESHOLD = 0.4;
/** Separator of the 'n / N' index (spec §9). */
export const VIEWER_INDEX_SEPARATOR = ' / ';

/** The 'n / N' index text of slide `index` (0-based) of `count`. */
export function viewerIndexText(index: number, count: number): string {
  return `${index + 1}${VIEWER_INDEX_SEPARATOR}${count}`;
}

/** `index` wrapped into 0..count-1 (infinite: past the last is the first and before the first the last). */
export function wrapIndex(index: number, count: number): number {
  return count > 0 ? ((index % count) + count) % count : 0;
}

/**
 * The step a finished horizontal swipe makes: +1 (next, swiped left), -1 (previous) or 0. It
 * counts when it travelled more than the swipe threshold of `width`, or moved faster than the flick
 * threshold (react-image-gallery's rule, whose defaults spec §9 lists).
 */
export function swipeStep(deltaX: number, durationMs: number, width: number): -1 | 0 | 1 {
  if (deltaX === 0) return 0;
  const long = width > 0 && (Math.abs(deltaX) / width) * 100 > VIEWER_SWIPE_THRESHOLD_PERCENT;
  const fast = durationMs > 0 && Math.abs(deltaX) / durationMs > VIEWER_FLICK_THRESHOLD;
  if (!long && !fast) return 0;
  return deltaX < 0 ? 1 : -1;
}
