import type { ProfileUpdateInput } from '@dealership/user-schemas';
import { describeApiError, useAuth, withLoadingToast } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifyNews, notifySuccess, PageLoader, Seo } from '@dealership/web-ui';
import { Paper, Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { ProfileForm } from './ProfileForm';
import { AwaySetting } from './AwaySetting';
import { MyDataSettings } from './MyDataSettings';
import { TextMessageSettings } from './TextMessageSettings';
import { TwoFactorSettings } from './TwoFactorSettings';

/** `/dashboard/user/profile`: on success the stored session takes the new details and the visitor goes to `/`. */
export function UserProfilePage() {
  const { session, login } = useAuth();
  const navigate = useNavigate();
  const mutation = trpc.user.updateProfile.useMutation();

  // The guard only renders this with a session; the loader covers the instant after a logout.
  if (!session) return <PageLoader />;
  const { user, token } = session;

  const handleSubmit = async (values: ProfileUpdateInput) => {
    try {
      const { pendingEmail, ...updated } = await withLoadingToast('Updating...', () => mutation.mutateAsync(values));
      login({ user: updated, token });
      notifySuccess('Profile Updated Successfully');
      if (pendingEmail) notifyNews('Confirm your new email', `We sent a link to ${pendingEmail}: your email changes when you confirm it there.`);
      navigate('/');
      return undefined;
    } catch (error) {
      const { message, fieldErrors } = describeApiError(error);
      notifyError(message);
      return fieldErrors;
    }
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={640}>
        <Seo title="Update Profile" description="Update your dealership account details." noIndex />
        <Stack gap="lg">
          <Title order={1} size="h2">
            Update Profile
          </Title>
          <ProfileForm
            initialValues={{
              name: user.name ?? '',
              email: user.email ?? '',
              password: '',
              currentPassword: '',
              phone: user.phone ?? '',
              address: user.address ?? '',
            }}
            onSubmit={handleSubmit}
          />
        </Stack>
      </Paper>
      {user.role === 1 ? <AwaySetting /> : null}
      {user.role === 1 ? <TwoFactorSettings /> : null}
      <TextMessageSettings />
      <MyDataSettings isStaff={user.role === 1} />
    </Stack>
  );
}
