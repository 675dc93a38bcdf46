export interface StarRatingProps {
  value: number;
  max?: number;
  size?: number;
  /** What is being rated, for the accessible label. */
  label?: string;
}

const STAR = 'M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4L2.8 9.5l6.4-.8z';

/**
 * A read-only row of stars with an accessible text equivalent. One `<svg>` for the row, not one
 * per star: a catalogue page shows a rating on every card, and each element costs the phone
 * parsing and hydration time (issue 25).
 */
export function StarRating({ value, max = 5, size = 16, label = 'Rating' }: StarRatingProps) {
  const filled = Math.max(0, Math.min(max, Math.round(value)));
  // Each star is 24 units wide; one unit between stars, as the row's gap of 1 px was.
  const step = 25;
  return (
    <svg
      role="img"
      aria-label={`${label}: ${filled} out of ${max} stars`}
      width={size * max + (max - 1)}
      height={size}
      viewBox={`0 0 ${step * max - 1} 24`}
      style={{ flex: 'none', display: 'block' }}
    >
      {Array.from({ length: max }, (_, i) => (
        <path key={i} d={STAR} transform={i ? `translate(${i * step})` : undefined} fill={i < filled ? 'var(--mantine-color-amber-6)' : 'var(--mantine-color-gray-3)'} />
      ))}
    </svg>
  );
}
