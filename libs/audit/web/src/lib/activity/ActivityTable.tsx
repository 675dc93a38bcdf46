import type { AuditEntity, AuditEvent } from '@dealership/audit-schemas';
import { formatRelativeTime } from '@dealership/shared-util';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { Fragment, useState } from 'react';
import classes from './ActivityTable.module.css';
import { ChangeList } from './ChangeList';
import { actionLabel, changeSummary, entityName, recordName } from './audit-format';

// Light badges with their text in the colour's darkest shade: 5:1 or more on the tinted background
// (WCAG AA, accessibility.e2e.ts); yellow's darkest is not dark enough, so the rates are violet.
const ENTITY_COLORS = {
  car: 'navy',
  brand: 'grape',
  order: 'teal',
  testimonial: 'orange',
  lead: 'cyan',
  setting: 'violet',
  user: 'indigo',
  message: 'pink',
  content: 'cyan',
  privacy: 'gray',
  inspection: 'gray',
  'vehicle-import': 'gray',
  'trade-in-offer': 'gray',
} as const satisfies Record<AuditEntity, string>;

export interface ActivityTableProps {
  /** Events in the order to show them (the API lists newest first). */
  events: readonly AuditEvent[];
  /** "Now" for the relative dates (tests). */
  now?: Date | number;
}

/** The moment of an event: relative, with the exact date and time as its title. */
export function EventTime({ createdAt, now }: { createdAt: string; now?: Date | number }) {
  const date = new Date(createdAt);
  return (
    <time dateTime={date.toISOString()} title={date.toLocaleString('en-KE', { dateStyle: 'medium', timeStyle: 'short' })}>
      {formatRelativeTime(date, now)}
    </time>
  );
}

/** The audit log as a table: when, who, what, a summary of the changes; a row opens to show each field before -> after. */
export function ActivityTable({ events, now }: ActivityTableProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    // The table scrolls sideways inside its own box on a phone; the page never does.
    <Table.ScrollContainer minWidth={720} type="native" className={classes.scroll}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={130}>
              When
            </Table.Th>
            <Table.Th scope="col">Who</Table.Th>
            <Table.Th scope="col">What</Table.Th>
            <Table.Th scope="col">Changes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => {
            const expanded = open.has(event.id);
            const detailsId = `audit-event-${event.id}`;
            const name = recordName(event);
            return (
              <Fragment key={event.id}>
                <Table.Tr className={expanded ? classes.openRow : undefined}>
                  <Table.Td>
                    <Text size="sm" className={classes.nowrap}>
                      <EventTime createdAt={event.createdAt} now={now} />
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {event.actor.name}
                    </Text>
                    <Text size="xs" c="dimmed" className={classes.email}>
                      {event.actor.email}
                    </Text>
                    {event.ip ? (
                      // A security event: where it came from (the user agent in full on hover).
                      <Text size="xs" c="gray.7" title={event.userAgent ?? undefined}>
                        from {event.ip}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Badge variant="light" color={ENTITY_COLORS[event.entity]} c={`${ENTITY_COLORS[event.entity]}.9`} tt="none">
                        {entityName(event.entity)}
                      </Badge>
                      <Text size="sm" fw={600} className={classes.nowrap}>
                        {actionLabel(event.action)}
                      </Text>
                      {event.outcome === 'failure' ? (
                        <Badge variant="light" color="red" c="red.9" tt="none">
                          Failed
                        </Badge>
                      ) : null}
                    </Group>
                    {name ? (
                      <Text size="xs" c="gray.7" lineClamp={1} mt={4}>
                        {name}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <Text size="sm">{changeSummary(event)}</Text>
                      <Button
                        variant="subtle"
                        size="compact-xs"
                        onClick={() => toggle(event.id)}
                        aria-expanded={expanded}
                        aria-controls={expanded ? detailsId : undefined}
                      >
                        {expanded ? 'Hide changes' : 'Show changes'}
                      </Button>
                    </Stack>
                  </Table.Td>
                </Table.Tr>
                {expanded ? (
                  <Table.Tr id={detailsId} className={classes.detailsRow}>
                    <Table.Td colSpan={4}>
                      <ChangeList changes={event.changes} />
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
