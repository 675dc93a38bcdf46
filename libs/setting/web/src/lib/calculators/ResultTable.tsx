import { formatKes } from '@dealership/shared-util';
import classes from './ResultTable.module.css';

/**
 * Labelled KES amounts, one per row. A plain table: Mantine's Table brings its scroll container
 * (14 KB gzip) into the route, more than the calculators' pages can carry (bundle-check).
 */
export function ResultTable({ label, lines, strong }: { label: string; lines: [string, number][]; strong: string[] }) {
  return (
    <table className={classes.table} aria-label={label}>
      <tbody>
        {lines.map(([name, amount]) => (
          <tr key={name} className={strong.includes(name) ? classes.strong : undefined}>
            <th scope="row">{name}</th>
            <td>{formatKes(amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
