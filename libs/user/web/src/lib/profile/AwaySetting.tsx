import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess } from '@dealership/web-ui';
import { Paper, Switch } from '@mantine/core';

/** A staff member marks themself away (leave, a day off): new leads skip them. The mark is their own account's (`user.me`). */
export function AwaySetting() {
  const utils = trpc.useUtils();
  const me = trpc.user.me.useQuery();
  const setAway = trpc.user.setAway.useMutation();

  const change = async (next: boolean) => {
    try {
      await setAway.mutateAsync({ away: next });
    } catch (error) {
      notifyError(describeApiError(error).message);
      return;
    }
    utils.user.me.setData(undefined, (current) => (current ? { ...current, away: next } : current));
    notifySuccess(next ? 'You are away: new leads skip you' : 'You are back: new leads reach you again');
    await Promise.all([utils.user.me.invalidate(), utils.lead.assignees.invalidate()]);
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={640}>
      <Switch
        label="Away: new leads skip me"
        description="For leave or a day off. The leads you have stay yours."
        checked={me.data?.away ?? false}
        disabled={me.isPending || setAway.isPending}
        onChange={(event) => void change(event.currentTarget.checked)}
      />
    </Paper>
  );
}
