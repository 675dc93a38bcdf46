import { Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import classes from './Breadcrumb.module.css';

export interface BreadcrumbItem {
  label: string;
  /** Link target; the current page (the last item) has none. */
  to?: string;
}

/** A breadcrumb trail ("Home > Cars > Toyota > Prado"); the last item is the current page. */
export function Breadcrumb({ items }: { items: BreadcrumbItem[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className={classes.list}>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${index}-${item.label}`} className={classes.item}>
              {item.to && !last ? (
                // A plain link styled by the module (not Mantine's Anchor): one chunk less on the pages' first load.
                <Link to={item.to} className={classes.link}>
                  {item.label}
                </Link>
              ) : (
                <Text component="span" size="sm" c="gray.7" aria-current={last ? 'page' : undefined}>
                  {item.label}
                </Text>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
