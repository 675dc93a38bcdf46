import { sitePath } from '@dealership/shared-schemas';
import { PasswordResetRequestInputSchema, type PasswordResetRequestInput } from '@dealership/user-schemas';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { Seo } from '@dealership/web-ui';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EmailInput } from '../login/EmailInput';
import { AuthCard } from '../login/AuthCard';

/**
 * `/forgot-password`: asks for the account's email and shows the server's answer, which is the same
 * whether or not the address has an account. A refusal (too many requests) is shown on the page.
 */
export function ForgotPasswordPage() {
  const mutation = trpc.user.requestPasswordReset.useMutation();
  const [answer, setAnswer] = useState<{ sentTo: string; message: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PasswordResetRequestInput>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(PasswordResetRequestInputSchema, { sync: true }),
  });

  const handleSubmit = async (typed: PasswordResetRequestInput) => {
    setFailure(null);
    // Validated already: parsing gives the address as the server keeps it (trimmed, lower case).
    const values = PasswordResetRequestInputSchema.parse(typed);
    try {
      const { message } = await mutation.mutateAsync(values);
      setAnswer({ sentTo: values.email, message });
    } catch (error) {
      const { message, fieldErrors } = describeApiError(error);
      if (fieldErrors['email']) form.setErrors(fieldErrors);
      else setFailure(message);
    }
  };

  return (
    <AuthCard title="Forgot your password?" subtitle="Enter the email address of your account and we will email you a link to choose a new password.">
      <Seo title="Forgot your password?" description="Ask for a link to reset the password of your dealership account." noIndex />
      {answer ? (
        <Stack gap="md">
          <Alert color="green" variant="light" title="Check your email" role="status">
            <Text size="sm">{answer.message}</Text>
            <Text size="sm" mt="xs">
              We sent it to <strong>{answer.sentTo}</strong>. Nothing after a few minutes? Look in your spam folder, or check the address and try again.
            </Text>
          </Alert>
          <Button variant="light" onClick={() => setAnswer(null)}>
            Use another address
          </Button>
          <Anchor component={Link} to={sitePath('login')} ta="center" fw={700} size="sm">
            Back to login
          </Anchor>
        </Stack>
      ) : (
        <form noValidate onSubmit={form.onSubmit(handleSubmit)} aria-label="Forgot your password?">
          <Stack gap="md">
            {failure ? (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            ) : null}
            <EmailInput key={form.key('email')} {...form.getInputProps('email')} />
            <Button type="submit" size="md" fullWidth loading={form.submitting}>
              Email me a link
            </Button>
            <Text size="sm" ta="center">
              Remembered it?{' '}
              <Anchor component={Link} to={sitePath('login')} fw={700}>
                Login
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
