import type { ReactNode } from 'react';
import classes from './CardParts.module.css';

/**
 * The text of a catalogue card (car cards, brand-page cards) as plain elements with one CSS
 * module, looking like the Mantine Title / Text / Stack / Group they replace. A page shows a dozen
 * cards, and each Mantine component per card cost a phone measurable hydration time (issue 25's
 * total blocking time); these are plain functions without hooks.
 */
export function CardBody({ children }: { children: ReactNode }) {
  return <div className={classes.body}>{children}</div>;
}

/** The card's heading (an h3 at h4 size); `id` names the card (`aria-labelledby`). A link inside is navy and underlined on hover. */
export function CardTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h3 className={classes.title} id={id}>
      {children}
    </h3>
  );
}

export function CardDescription({ children }: { children: ReactNode }) {
  return <p className={classes.description}>{children}</p>;
}

export function CardPrice({ children }: { children: ReactNode }) {
  return <p className={classes.price}>{children}</p>;
}

/** The spec labels (engine, fuel, seats), wrapping. */
export function CardSpecs({ children }: { children: ReactNode }) {
  return <div className={classes.specs}>{children}</div>;
}

/** The card's buttons in a row at its foot. */
export function CardActions({ children }: { children: ReactNode }) {
  return <div className={classes.actions}>{children}</div>;
}
