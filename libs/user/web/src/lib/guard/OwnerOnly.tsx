import { trpc } from '@dealership/web-trpc-client';
import { PageLoader } from '@dealership/web-ui';
import { Alert, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a salesperson reads on an owner's screen (the server refuses its procedures the same way). */
export const OWNER_ONLY_MESSAGE = "Owner access required: ask the dealership's owner";

/**
 * An owner's screen inside the back office (the rates, the activity log, the staff): a
 * salesperson sees why it is closed to them instead of a screen whose every call answers 403.
 * Inside `AuthGuard area="admin"`, which has read `user.me` already.
 */
export function OwnerOnly({ title, children }: { title: string; children: ReactNode }) {
  const me = trpc.user.me.useQuery();
  if (me.isPending) return <PageLoader label="Checking your access…" />;
  if (me.data?.staffRole === 'owner') return <>{children}</>;
  return (
    <Stack>
      <Title order={2}>{title}</Title>
      <Alert color="yellow" title="Owners only">
        {OWNER_ONLY_MESSAGE}
      </Alert>
    </Stack>
  );
}
