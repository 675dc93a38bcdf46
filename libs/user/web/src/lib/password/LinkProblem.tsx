import { Alert, Button, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';

/** An emailed link that cannot be used: why, and the way on (ask for a new link, or log in). */
export function LinkProblem({ message, action }: { message: string; action: { to: string; label: string } }) {
  return (
    <Stack gap="md">
      <Alert color="orange" variant="light" title="This link cannot be used" role="alert">
        {message}
      </Alert>
      <Button component={Link} to={action.to} size="md" fullWidth>
        {action.label}
      </Button>
    </Stack>
  );
}
