import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess } from '@dealership/web-ui';
import { Paper, Switch } from '@mantine/core';
import { useState } from 'react';

/**
 * A staff member marks themself away (leave, a day off): new leads skip them. The current mark is
 * read from the people leads go to (`lead.assignees`): the profile's own user carries none.
 */
export function AwaySetting({ userId }: { userId: string }) {
  const utils = trpc.useUtils();
  const assignees = trpc.lead.assignees.useQuery();
  const setAway = trpc.user.setAway.useMutation();
  // What was chosen here, until the list says so too.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const listed = assignees.data?.find((person: { id: string; away: boolean }) => person.id === userId)?.away;
  const away = chosen ?? listed ?? false;

  const change = async (next: boolean) => {
    try {
      await setAway.mutateAsync({ away: next });
    } catch (error) {
      notifyError(describeApiError(error).message);
      return;
    }
    setChosen(next);
    notifySuccess(next ? 'You are away: new leads skip you' : 'You are back: new leads reach you again');
    await utils.lead.assignees.invalidate();
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={640}>
      <Switch
        label="Away: new leads skip me"
        description="For leave or a day off. The leads you have stay yours."
        checked={away}
        disabled={assignees.isPending || setAway.isPending}
        onChange={(event) => void change(event.currentTarget.checked)}
      />
    </Paper>
  );
}
