import type { TwoFactorSetup } from '@dealership/user-schemas';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess } from '@dealership/web-ui';
import { Alert, Badge, Button, Code, Group, Image, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';

/**
 * A staff member's two-factor sign-in, on their profile: its state, and the set-up: scan the QR
 * code (or type the secret), confirm with a first code, then keep the 10 recovery codes, shown once.
 * Buyers see nothing of it.
 */
export function TwoFactorSettings() {
  const utils = trpc.useUtils();
  const status = trpc.user.twoFactorStatus.useQuery();
  const setup = trpc.user.twoFactorSetup.useMutation();
  const enable = trpc.user.twoFactorEnable.useMutation();
  const [secret, setSecret] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (!status.data?.available) return null;
  const { enabled, required, recoveryCodesLeft } = status.data;

  const start = async () => {
    try {
      setSecret(await setup.mutateAsync());
      setCode('');
      setCodeError(null);
    } catch (error) {
      notifyError(describeApiError(error).message);
    }
  };

  const confirm = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      const { recoveryCodes: codes } = await enable.mutateAsync({ code });
      setRecoveryCodes(codes);
      setSecret(null);
      notifySuccess('Two-factor sign-in is on');
      await utils.user.twoFactorStatus.invalidate();
    } catch (error) {
      const { message, fieldErrors } = describeApiError(error);
      setCodeError(fieldErrors['code'] ?? message);
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={640} id="two-factor" component="section" aria-labelledby="two-factor-heading">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3" id="two-factor-heading">
            Two-factor sign-in
          </Title>
          {enabled ? <Badge color="green">On</Badge> : <Badge color={required ? 'red' : 'gray'}>{required ? 'Required' : 'Off'}</Badge>}
        </Group>
        {recoveryCodes ? (
          <Alert color="yellow" title="Save your recovery codes now" role="status">
            <Text size="sm" mb="xs">
              Each code signs you in once if your phone is lost. Keep them somewhere safe: they are not shown again.
            </Text>
            <List size="sm" aria-label="Recovery codes" ff="monospace">
              {recoveryCodes.map((c) => (
                <List.Item key={c}>{c}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        {enabled ? (
          <Text size="sm">{`Signing in asks for a code from your authenticator app. ${recoveryCodesLeft} recovery codes left.`}</Text>
        ) : secret ? (
          <form noValidate onSubmit={(event) => void confirm(event)} aria-label="Set up two-factor sign-in">
            <Stack gap="sm">
              <Text size="sm">Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, Authy), then enter the 6-digit code it shows.</Text>
              <Image src={secret.qrCode} alt="QR code of the two-factor secret" w={200} h={200} />
              <Text size="sm">
                Or type this secret into the app: <Code aria-label="Two-factor secret">{secret.secret}</Code>
              </Text>
              <TextInput
                label="Code from the app"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                value={code}
                error={codeError}
                onChange={(event) => setCode(event.currentTarget.value)}
              />
              <Button type="submit" loading={enable.isPending}>
                Turn on two-factor sign-in
              </Button>
            </Stack>
          </form>
        ) : (
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {required ? 'The owner asks every staff member to use two-factor sign-in. ' : ''}A code from your phone at each sign-in keeps the back office safe even if your password leaks.
            </Text>
            <Button onClick={() => void start()} loading={setup.isPending}>
              Set up two-factor sign-in
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
