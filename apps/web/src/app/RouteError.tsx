import { ErrorState, NotFound } from '@dealership/web-ui';
import { Container } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return 'Something unexpected happened.';
}

/** Shown when a route fails to load or render (a failed chunk download after a deploy, a bug). */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Container size="md">
        <NotFound />
      </Container>
    );
  }
  return (
    <Container size="md" py="xl">
      <ErrorState
        title="Unexpected Application Error!"
        message={messageOf(error)}
        onRetry={() => window.location.reload()}
      />
    </Container>
  );
}
