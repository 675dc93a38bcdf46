import { Group } from '@mantine/core';

export interface StarRatingProps {
  value: number;
  max?: number;
  size?: number;
  /** What is being rated, for the accessible label. */
  label?: string;
}

/** A read-only row of stars with an accessible text equivalent. */
export function StarRating({ value, max = 5, size = 16, label = 'Rating' }: StarRatingProps) {
  const filled = Math.max(0, Math.min(max, Math.round(value)));
  return (
    <Group gap={1} role="img" aria-label={`${label}: ${filled} out of ${max} stars`} wrap="nowrap">
      {Array.from({ length: max }, (_, i) => (
        <svg key={i} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4L2.8 9.5l6.4-.8z"
            fill={i < filled ? 'var(--mantine-color-amber-6)' : 'var(--mantine-color-gray-3)'}
          />
        </svg>
      ))}
    </Group>
  );
}
