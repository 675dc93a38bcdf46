import type { ReactNode } from 'react';
import classes from './RecordPage.module.css';

/**
 * A buyer's own record opened from a link in a message (an import's tracking page, a trade-in
 * offer): a narrow column, its reference above its heading. Plain elements, so the server-rendered
 * page costs no hydration work beyond its content.
 */
export function RecordPage({ reference, heading, children, busy }: { reference?: string; heading?: ReactNode; children: ReactNode; busy?: boolean }) {
  return (
    <article className={classes.page} aria-labelledby={heading ? 'record-heading' : undefined} aria-busy={busy || undefined}>
      {reference ? <p className={classes.reference}>{reference}</p> : null}
      {heading ? (
        <h1 id="record-heading" className={classes.heading}>
          {heading}
        </h1>
      ) : null}
      {children}
    </article>
  );
}

/** A record's key facts as a grid of labelled values (`null` values are left out). */
export function RecordFacts({ facts }: { facts: readonly { label: string; value: ReactNode }[] }) {
  return (
    <dl className={classes.facts}>
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
