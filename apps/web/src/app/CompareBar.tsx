import { sitePath } from '@dealership/shared-schemas';
import { useCompare } from '@dealership/web-session';
import { Button, Group, Paper, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import classes from './CompareBar.module.css';

/**
 * The cars picked for comparison, at the foot of every page but /compare itself: how many, and the
 * way to the comparison. Nothing while none is picked (and on the server, where nothing is).
 */
export function CompareBar() {
  const compare = useCompare();
  const { pathname } = useLocation();
  if (compare.count === 0 || pathname === sitePath('compare')) return null;
  const names = compare.items.map((item) => item.name).join(', ');
  return (
    <>
      {/* Room below the footer, so the bar never hides the end of the page. */}
      <div className={classes.spacer} aria-hidden="true" />
      <Paper role="region" aria-label="Cars to compare" shadow="md" radius="md" p="sm" withBorder className={classes.bar}>
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="sm" lineClamp={1} className={classes.names} title={names}>
            <Text span fw={700}>
              Compare ({compare.count}):
            </Text>{' '}
            {names}
            {compare.count === 1 ? ' (pick one more)' : ''}
          </Text>
          <Group gap={6} wrap="nowrap">
            <Button variant="subtle" size="compact-sm" onClick={compare.clear}>
              Clear
            </Button>
            {compare.count >= 2 ? (
              <Button component={Link} to={compare.href} size="compact-sm">
                Compare
              </Button>
            ) : null}
          </Group>
        </Group>
      </Paper>
    </>
  );
}
