import { sitePath } from '@dealership/shared-schemas';
import { Seo } from '@dealership/web-ui';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { TextField } from '../controls/controls';
import { carSearchPath } from '../home/HeroSearch';
import { CarListing, useCarListing } from '../listing/CarListing';
import classes from './Listing.module.css';

/** Illustration of the empty search: a magnifying glass over a car outline, drawn inline. */
function NoResultsImage() {
  return (
    <svg role="img" aria-label="No cars found" width="240" height="160" viewBox="0 0 240 160" xmlns="http://www.w3.org/2000/svg" className={classes.noResults}>
      <rect x="0" y="128" width="240" height="32" rx="6" fill="#d2dcef" />
      <path d="M30 118l12-26a10 10 0 0 1 9-6h58a10 10 0 0 1 9 5l16 27z" fill="#a3b8df" />
      <rect x="22" y="112" width="130" height="20" rx="7" fill="#7192cf" />
      <circle cx="52" cy="132" r="11" fill="#16439f" />
      <circle cx="122" cy="132" r="11" fill="#16439f" />
      <circle cx="172" cy="60" r="32" fill="#fff" stroke="#0a2450" strokeWidth="8" />
      <path d="M195 84l26 26" stroke="#0a2450" strokeWidth="12" strokeLinecap="round" />
      <path d="M160 48l24 24M184 48l-24 24" stroke="#ffb01b" strokeWidth="7" strokeLinecap="round" />
    </svg>
  );
}

/** A search box prefilled with the current query, for searching again. */
function SearchAgain({ query }: { query: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(query);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const path = carSearchPath(text);
    if (path) navigate(path);
  };
  return (
    <form role="search" aria-label="Search again" onSubmit={submit}>
      <Group gap="xs" wrap="nowrap" maw={520}>
        <div className={classes.grow}>
          <TextField
            aria-label="Search cars"
            type="search"
            placeholder="Search by make, model or type..."
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            enterKeyHint="search"
          />
        </div>
        <Button type="submit">Search</Button>
      </Group>
    </form>
  );
}

/** Search results (`/car-search?search=`, spec §2): the query, the brand and price filters, cards. */
export function CarSearchPage() {
  const listing = useCarListing();
  const { filters } = listing;

  return (
    <Container size="xl" py={40}>
      <Seo
        title={filters.search ? `Search results for: ${filters.search}` : 'Search Cars'}
        description={`Cars for sale in Mombasa, Kenya matching "${filters.search}".`}
        noIndex
      />
      <Stack gap="md" mb="xl">
        <Title order={1} className={classes.searchHeading}>
          Search results for: {filters.search}
        </Title>
        {/* Keyed by the query so the box shows a new query after back/forward. */}
        <SearchAgain key={filters.search} query={filters.search} />
      </Stack>

      <CarListing
        listing={listing}
        withSearch={false}
        empty={
          <Stack align="center" gap="sm" py="xl" ta="center">
            <NoResultsImage />
            <Title order={2} size="h3">
              No cars found
            </Title>
            <Text c="gray.7">
              {/* Spec §2: the 'cars' link of the empty search goes to /login. */}
              Sorry, nothing matches your search. Sign in to see more <Link to={sitePath('login')}>cars</Link>.
            </Text>
          </Stack>
        }
      />
    </Container>
  );
}
