import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess } from '@dealership/web-ui';
import { Alert, Button, Group, Text } from '@mantine/core';

/**
 * The signed-in user's reminder to confirm their email address, with a button that sends the link
 * again (throttled by the server). Reads the account from the server, so it disappears once the
 * link is followed, in this tab or another.
 */
export function EmailVerificationBanner() {
  const me = trpc.user.me.useQuery(undefined, { staleTime: 30_000 });
  const utils = trpc.useUtils();
  const resend = trpc.user.resendVerification.useMutation();
  const account = me.data;
  if (!account || account.emailVerified) return null;

  const sendAgain = async () => {
    try {
      const { sent } = await resend.mutateAsync();
      if (sent) notifySuccess(`We sent a new link to ${account.email}.`);
      else await utils.user.me.invalidate();
    } catch (error) {
      notifyError(describeApiError(error).message);
    }
  };

  return (
    <Alert color="yellow" variant="light" mb="md" role="status" aria-label="Email address not confirmed">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" style={{ flex: '1 1 16rem' }}>
          Please confirm your email address: we sent a link to <strong>{account.email}</strong>.
        </Text>
        <Button size="xs" variant="white" color="dark" onClick={sendAgain} loading={resend.isPending}>
          Send the link again
        </Button>
      </Group>
    </Alert>
  );
}
