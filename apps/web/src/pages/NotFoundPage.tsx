import { NotFound, Seo } from '@dealership/web-ui';
import { Container } from '@mantine/core';

/** Any unknown path. */
export function NotFoundPage() {
  return (
    <Container size="md">
      <Seo title="404 Page Not Found" description="The page you are looking for could not be found." noIndex />
      <NotFound />
    </Container>
  );
}
