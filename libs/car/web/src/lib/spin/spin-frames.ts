// The arithmetic of the 360-degree viewer: which frame a drag or a key turns to.

/** `index` brought into 0..count-1, turning past the last frame back to the first (and the other way). */
export function wrapFrame(index: number, count: number): number {
  return count > 0 ? ((index % count) + count) % count : 0;
}

/** Pixels of drag per frame: one drag across the stage turns the car once round, never under 4 px a frame. */
export function dragStepPx(stageWidth: number, count: number): number {
  return Math.max(4, stageWidth / Math.max(1, count));
}

/**
 * The frame after dragging `deltaX` pixels from frame `start`: dragging left turns the car
 * towards the next frames, as if the hand pushed its near side away (the spin viewers' convention).
 */
export function frameAfterDrag(start: number, deltaX: number, stepPx: number, count: number): number {
  return wrapFrame(start - Math.trunc(deltaX / stepPx), count);
}

/** The frame a key turns to from `index` (Right / Left a frame, Home the first), or null for another key. */
export function frameAfterKey(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return wrapFrame(index + 1, count);
  if (key === 'ArrowLeft') return wrapFrame(index - 1, count);
  if (key === 'Home') return 0;
  return null;
}

/** The alt text of a frame: "Toyota Prado 2019, frame 3 of 36". */
export const frameAlt = (label: string, index: number, count: number) => `${label}, frame ${index + 1} of ${count}`;
