import type { AuditEvent } from '@dealership/audit-schemas';
import { Text, VisuallyHidden } from '@mantine/core';
import classes from './ChangeList.module.css';
import { fieldLabel, formatValue } from './audit-format';

export interface ChangeListProps {
  changes: AuditEvent['changes'];
}

/** Every changed field of one event: its value before -> after (one side only for a creation or removal). */
export function ChangeList({ changes }: ChangeListProps) {
  const fields = Object.entries(changes);
  if (fields.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No field changes were recorded.
      </Text>
    );
  }
  return (
    <dl className={classes.list}>
      {fields.map(([field, change]) => (
        <div key={field} className={classes.row}>
          <Text component="dt" size="sm" fw={700} className={classes.field}>
            {fieldLabel(field)}
          </Text>
          <Text component="dd" size="sm" className={classes.values}>
            {'before' in change ? (
              <del className={classes.before}>
                <VisuallyHidden>before: </VisuallyHidden>
                {formatValue(change.before)}
              </del>
            ) : null}
            {'before' in change && 'after' in change ? (
              <span aria-hidden="true" className={classes.arrow}>
                →
              </span>
            ) : null}
            {'after' in change ? (
              <ins className={classes.after}>
                <VisuallyHidden>after: </VisuallyHidden>
                {formatValue(change.after)}
              </ins>
            ) : null}
          </Text>
        </div>
      ))}
    </dl>
  );
}
