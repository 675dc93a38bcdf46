import { describeApiError, useAuth } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess } from '@dealership/web-ui';
import { Button, Group, Modal, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

/** Saves `data` as a JSON file the browser downloads. */
function downloadJson(data: unknown, fileName: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * The rights the Data Protection Act, 2019 gives a person, on their profile: download everything
 * held about them (JSON), and, for a buyer, delete their account after typing their password.
 * Staff accounts are deactivated by an owner instead (the server refuses them too).
 */
export function MyDataSettings({ isStaff }: { isStaff: boolean }) {
  const utils = trpc.useUtils();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const remove = trpc.user.deleteAccount.useMutation();
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const download = async () => {
    setDownloading(true);
    try {
      // Fetched fresh on each click: the file is what is stored now.
      downloadJson(await utils.user.exportMyData.fetch(undefined, { staleTime: 0 }), 'my-dealership-data.json');
    } catch (error) {
      notifyError(describeApiError(error).message);
    } finally {
      setDownloading(false);
    }
  };

  const confirmDelete = async (event: React.FormEvent) => {
    event.preventDefault();
    setPasswordError(null);
    try {
      await remove.mutateAsync({ password });
    } catch (error) {
      const info = describeApiError(error);
      if (info.fieldErrors['password']) setPasswordError(info.fieldErrors['password']);
      else notifyError(info.message);
      return;
    }
    setConfirming(false);
    // The server ended every session with the account: only the browser's copy is left to forget.
    logout();
    notifySuccess('Your account is deleted. We emailed you a confirmation.');
    navigate('/');
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={640}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          Your data
        </Title>
        <Text>Download a copy of everything we hold about you: your profile, orders, requests to us and where you are signed in.</Text>
        <Group>
          <Button variant="default" onClick={() => void download()} loading={downloading}>
            Download my data
          </Button>
          {isStaff ? null : (
            <Button color="red.8" variant="outline" onClick={() => setConfirming(true)}>
              Delete my account
            </Button>
          )}
        </Group>
        {isStaff ? <Text size="sm">Staff accounts are closed by an owner, on the Staff page.</Text> : null}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Delete your account">
        <form onSubmit={(event) => void confirmDelete(event)} aria-label="Delete your account">
          <Stack gap="sm">
            <Text>
              Your profile goes, you are signed out everywhere, and your name and contact details are removed from your orders (which we keep for our accounts)
              and your requests. This cannot be undone.
            </Text>
            <PasswordInput
              label="Your password"
              required
              autoComplete="current-password"
              value={password}
              error={passwordError}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                Keep my account
              </Button>
              <Button type="submit" color="red.8" loading={remove.isPending}>
                Delete my account
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
