import { AlertContactSchema, type AlertSignUpResult } from '@dealership/alert-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { describeApiError, useAuth } from '@dealership/web-session';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';

export interface AlertSignUpProps {
  /** What the alert is for, in words ("SUV, Diesel", "the price of these 3 cars"). */
  what: string;
  /** Sends the sign-up: `contact` when nobody is signed in. */
  submit: (contact?: string) => Promise<AlertSignUpResult>;
}

/**
 * The alert sign-up: one button for a signed-in buyer (their account's email), else an email or
 * phone field, to which a confirmation link is sent first (nothing else until it is opened).
 */
export function AlertSignUp({ what, submit }: AlertSignUpProps) {
  const { session } = useAuth();
  const [contact, setContact] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<AlertSignUpResult | null>(null);

  if (result)
    return result.status === 'saved' ? (
      <Alert color="green" variant="light" title="Alert saved" role="status">
        We will email you when there is news about {what}: at most one message a day, each with a link to stop.{' '}
        <Anchor component={Link} to={sitePath('userHome')} underline="always">
          See your alerts
        </Anchor>
      </Alert>
    ) : (
      <Alert color="blue" variant="light" title="Check your messages" role="status">
        We sent a link to {contact.trim()}. Open it to start the alerts: nothing else is sent until then.
      </Alert>
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    let given: string | undefined;
    if (!session) {
      const parsed = AlertContactSchema.safeParse(contact);
      if (!parsed.success) return setError(parsed.error.issues[0].message);
      given = parsed.data;
    }
    setError(null);
    setBusy(true);
    submit(given).then(setResult, (failure: unknown) => setError(describeApiError(failure).message)).finally(() => setBusy(false));
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        <Text>
          Get a message when there is news about <strong>{what}</strong>: at most one a day, each with a link to stop.
        </Text>
        {session ? (
          <Text size="sm" c="gray.7">
            We send them to {session.user.email}.
          </Text>
        ) : (
          <TextInput
            label="Your email or phone"
            placeholder="you@example.com or 0712 345 678"
            value={contact}
            onChange={(event) => setContact(event.currentTarget.value)}
            error={error}
            autoComplete="email"
            required
          />
        )}
        {session && error ? (
          <Text c="red.8" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <Button type="submit" loading={busy}>
          Get alerts
        </Button>
      </Stack>
    </form>
  );
}
