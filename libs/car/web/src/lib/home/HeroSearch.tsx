import { sitePath } from '@dealership/shared-schemas';
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { TextField } from '../controls/controls';
import classes from './Home.module.css';

/** Popular shortcuts under the search box (spec §2 Home). */
export const POPULAR_SHORTCUTS = [
  { to: `${sitePath('cars')}?make=Toyota`, label: 'Toyota' },
  { to: `${sitePath('cars')}?make=Subaru`, label: 'Subaru' },
  { to: `${sitePath('cars')}?type=SUV`, label: 'SUVs' },
] as const;

/** The search results path for a text: trimmed and URL-encoded; `null` when nothing is left. */
export function carSearchPath(text: string): string | null {
  const query = text.trim();
  return query ? `${sitePath('carSearch')}?search=${encodeURIComponent(query)}` : null;
}

/** The hero's search card: Enter or the button opens /car-search; empty text does nothing. */
export function HeroSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const path = carSearchPath(text);
    if (path) navigate(path);
  };

  return (
    <Paper radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="md" className={classes.searchCard}>
      <Title order={2} size="h3" mb={4}>
        Find your next car
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        Search our stock by make, model or body type.
      </Text>
      <form role="search" aria-label="Search cars" onSubmit={submit}>
        <Group gap="xs" wrap="nowrap" align="end">
          <div className={classes.grow}>
            <TextField
              aria-label="Search cars"
              type="search"
              placeholder="e.g. Prado, Subaru, SUV"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              enterKeyHint="search"
            />
          </div>
          <Button type="submit" size="md" color="amber.5">
            Search
          </Button>
        </Group>
      </form>
      <Group gap="xs" mt="md" wrap="wrap">
        <Text size="sm" c="gray.7" fw={600}>
          Popular:
        </Text>
        {POPULAR_SHORTCUTS.map((shortcut) => (
          <Link key={shortcut.to} to={shortcut.to} className={classes.shortcut}>
            {shortcut.label}
          </Link>
        ))}
      </Group>
    </Paper>
  );
}
