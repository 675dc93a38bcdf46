import { sitePath } from '@dealership/shared-schemas';
import { describeApiError, useAuth } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { Seo } from '@dealership/web-ui';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../login/AuthCard';
import { LinkProblem } from '../password/LinkProblem';

type Outcome =
  | { state: 'waiting' }
  | { state: 'checking' }
  | { state: 'verified'; email: string; previousEmail?: string }
  | { state: 'failed'; message: string };

/**
 * `/verify-email?token=...`: confirms the address (or moves the account to a new one) on a click,
 * not on opening: a mail scanner that opens links, even one that runs their script, spends nothing
 * (an address registered by someone else is never confirmed by its owner's mail filter). No sign-in
 * is needed (the link may be opened on a phone); a signed-in visitor's stored account takes the mark too.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { session, login, dashboardPath } = useAuth();
  const utils = trpc.useUtils();
  const mutation = trpc.user.verifyEmail.useMutation();
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { state: 'waiting' } : { state: 'failed', message: 'This link is incomplete: open it again from the email.' },
  );

  const confirm = () => {
    setOutcome({ state: 'checking' });
    mutation.mutateAsync({ token }).then(
      ({ email, previousEmail }) => setOutcome({ state: 'verified', email, previousEmail }),
      (error: unknown) => setOutcome({ state: 'failed', message: describeApiError(error).message }),
    );
  };

  useEffect(() => {
    if (outcome.state !== 'verified' || !session) return;
    void utils.user.me.invalidate();
    const stored = session.user.email.toLowerCase();
    if (outcome.previousEmail && stored === outcome.previousEmail.toLowerCase()) {
      // This browser's account just moved to the new address.
      login({ ...session, user: { ...session.user, email: outcome.email, emailVerified: true } });
    } else if (stored === outcome.email.toLowerCase() && !session.user.emailVerified) {
      login({ ...session, user: { ...session.user, emailVerified: true } });
    }
  }, [outcome, session, login, utils]);

  const signedIn = session !== null;
  return (
    <AuthCard title="Confirm your email address" subtitle="We check the link from your email.">
      <Seo title="Confirm your email address" description="Confirm the email address of your dealership account." noIndex />
      {outcome.state === 'waiting' ? (
        <Stack gap="md">
          <Text>This is the address your dealership account will use for sign-in, receipts and account emails.</Text>
          <Button onClick={confirm} size="md" fullWidth>
            Confirm my email address
          </Button>
        </Stack>
      ) : outcome.state === 'checking' ? (
        <Stack align="center" gap="sm" role="status">
          <Loader size="md" />
          <Text>Checking the link...</Text>
        </Stack>
      ) : outcome.state === 'verified' ? (
        <Stack gap="md">
          <Alert color="green" variant="light" title="Email address confirmed" role="status">
            {outcome.previousEmail ? 'Your account now uses ' : 'Thank you: '}
            <strong>{outcome.email}</strong>
            {outcome.previousEmail ? ' to sign in.' : ' is confirmed.'} We will send your receipts and account emails there.
          </Alert>
          <Button component={Link} to={signedIn ? dashboardPath : sitePath('login')} size="md" fullWidth>
            {signedIn ? 'Go to my dashboard' : 'Login'}
          </Button>
        </Stack>
      ) : (
        <LinkProblem
          message={signedIn ? `${outcome.message} Your dashboard has a button to send a new link.` : `${outcome.message} Log in to send a new link.`}
          action={signedIn ? { to: dashboardPath, label: 'Go to my dashboard' } : { to: sitePath('login'), label: 'Login' }}
        />
      )}
    </AuthCard>
  );
}
