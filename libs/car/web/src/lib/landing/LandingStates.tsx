import { sitePath } from '@dealership/shared-schemas';
import { ErrorState, Seo } from '@dealership/web-ui';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

/** An address of no landing page (the server answers it 404): a way on to every car. */
export function LandingNotFound() {
  return (
    <Container size="md" py={48}>
      <Seo title="404 Page Not Found" description="The page you are looking for could not be found." noIndex />
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>404 Page Not Found</Title>
        <Text c="gray.7">We have no page of cars at this address. Have a look at everything we have in stock.</Text>
        <Button component={Link} to={sitePath('cars')} size="md">
          Browse all cars
        </Button>
      </Stack>
    </Container>
  );
}


/** The landing's figures could not be loaded: a way to try again. */
export function LandingLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Container size="md" py="xl">
      <Seo title="Cars" description="Cars for sale at our dealership in Mombasa, Kenya." noIndex />
      <ErrorState title="Could not load these cars" onRetry={onRetry} retrying={retrying} />
    </Container>
  );
}

/** The buyer's filters leave none of the page's cars: the way back to all of them. */
export function LandingNoMatch({ many, path }: { many: string; path: string }) {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <Title order={2} size="h3">
        No {many} match your filters
      </Title>
      <Text c="gray.7">Try fewer filters, or see every one we have.</Text>
      <Button component={Link} to={path} variant="light">
        Show all {many}
      </Button>
    </Stack>
  );
}
