import type { ComponentPropsWithoutRef } from 'react';
import classes from './Tag.module.css';

export interface TagProps extends ComponentPropsWithoutRef<'span'> {
  /** navy (filled), amber (filled, dark text) or gray (light). */
  tone?: 'navy' | 'amber' | 'gray';
  size?: 'sm' | 'md';
  /** Small corners instead of a pill. */
  square?: boolean;
}

/**
 * A short label that looks like Mantine's `Badge` but is one plain `<span>` with a CSS module. The
 * catalogue cards show five of them each, a page of cards sixty: Mantine's component (its theme and
 * style hooks per instance) cost the phone measurable hydration time there (issue 25). Use `Badge`
 * where a page shows a few.
 */
export function Tag({ tone = 'navy', size = 'md', square = false, className, ...props }: TagProps) {
  return <span {...props} className={className ? `${classes.tag} ${className}` : classes.tag} data-tone={tone} data-size={size} data-square={square || undefined} />;
}
