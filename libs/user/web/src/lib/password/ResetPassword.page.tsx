import { sitePath } from '@dealership/shared-schemas';
import { PasswordResetInputSchema, PASSWORD_MIN_LENGTH, type PasswordResetInput } from '@dealership/user-schemas';
import { describeApiError, withLoadingToast } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess, Seo } from '@dealership/web-ui';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../login/AuthCard';
import { LinkProblem } from './LinkProblem';

/** The toast after a reset: every session has ended, so the person signs in again. */
export const PASSWORD_RESET_DONE_MESSAGE = 'Your password has been changed. Please log in with your new password.';
/** The toast after an invited staff member chose their password. */
export const STAFF_PASSWORD_SET_MESSAGE = 'Your password is set. Please log in.';

/**
 * `/reset-password?token=...`: the new password, twice (the registration rules). On success every
 * session of the account has ended, and the person signs in with the new password on the login page
 * (where the browser's password manager offers to save it); a link that is used, expired or unknown
 * shows why, with a way to ask for a new one.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // An invitation to the staff opens the same page: the first password of their account.
  const invited = params.get('invite') === '1';
  const navigate = useNavigate();
  const mutation = trpc.user.resetPassword.useMutation();
  const [linkProblem, setLinkProblem] = useState<string | null>(token ? null : 'This link is incomplete: open it again from the email, or ask for a new one.');
  const form = useForm<PasswordResetInput>({
    mode: 'uncontrolled',
    initialValues: { token, password: '', confirmPassword: '' },
    validate: schemaResolver(PasswordResetInputSchema, { sync: true }),
  });

  const handleSubmit = async (values: PasswordResetInput) => {
    try {
      await withLoadingToast('Saving...', () => mutation.mutateAsync(values));
      notifySuccess(invited ? STAFF_PASSWORD_SET_MESSAGE : PASSWORD_RESET_DONE_MESSAGE);
      navigate(sitePath('login'), { replace: true });
    } catch (error) {
      const { message, fieldErrors } = describeApiError(error);
      if (fieldErrors['token']) setLinkProblem(fieldErrors['token']);
      else if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      else notifyError(message);
    }
  };

  return (
    <AuthCard
      title={invited ? 'Welcome to the team: choose your password' : 'Choose a new password'}
      subtitle={invited ? 'Then sign in with your email address and this password.' : 'Setting a new password signs your account out on every phone and computer.'}
    >
      <Seo title="Choose a new password" description="Set a new password for your dealership account." noIndex />
      {linkProblem ? (
        <LinkProblem message={linkProblem} action={{ to: sitePath('forgotPassword'), label: 'Ask for a new link' }} />
      ) : (
        <form noValidate onSubmit={form.onSubmit(handleSubmit)} aria-label="Choose a new password">
          <Stack gap="md">
            <PasswordInput
              label="New password"
              description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
              autoComplete="new-password"
              required
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="New password again"
              autoComplete="new-password"
              required
              key={form.key('confirmPassword')}
              {...form.getInputProps('confirmPassword')}
            />
            <Button type="submit" size="md" fullWidth loading={form.submitting}>
              Save the new password
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
