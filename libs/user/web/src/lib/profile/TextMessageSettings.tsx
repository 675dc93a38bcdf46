import { TEXT_CHANNEL_LABELS, TEXT_CHANNELS, type TextChannel } from '@dealership/user-schemas';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess } from '@dealership/web-ui';
import { Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';

/**
 * The account's phone for the site's texts: confirmed by a code sent by SMS, then (where the dealer
 * sends by WhatsApp) the choice of SMS, WhatsApp or both. Hidden while the site sends no SMS and
 * the phone is unconfirmed: there is nothing to do here then.
 */
export function TextMessageSettings() {
  const utils = trpc.useUtils();
  const status = trpc.user.textMessages.useQuery();
  const sendCode = trpc.user.sendPhoneCode.useMutation();
  const verify = trpc.user.verifyPhone.useMutation();
  const setChannel = trpc.user.setTextChannel.useMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  const data = status.data;
  if (!data || (!data.canVerify && !data.verified)) return null;

  const send = async () => {
    try {
      const { sentTo: to } = await sendCode.mutateAsync();
      setSentTo(to);
      setCode('');
      setCodeError(null);
    } catch (error) {
      notifyError(describeApiError(error).message);
    }
  };

  const confirm = async (event: React.FormEvent) => {
    event.preventDefault();
    setCodeError(null);
    try {
      utils.user.textMessages.setData(undefined, await verify.mutateAsync({ code }));
    } catch (error) {
      const info = describeApiError(error);
      setCodeError(info.fieldErrors['code'] ?? info.message);
      return;
    }
    setSentTo(null);
    notifySuccess('Phone number confirmed');
  };

  const choose = async (channel: string) => {
    try {
      utils.user.textMessages.setData(undefined, await setChannel.mutateAsync({ channel: channel as TextChannel }));
      notifySuccess(`Messages now come by ${TEXT_CHANNEL_LABELS[channel as TextChannel]}`);
    } catch (error) {
      notifyError(describeApiError(error).message);
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={640}>
      <Stack gap="md">
        <Title order={2} size="h3">
          Text messages
        </Title>
        {data.verified ? (
          <Text>Your phone number {data.phone} is confirmed.</Text>
        ) : (
          <Text>
            Confirm your phone number {data.phone} with a code we send you by SMS{data.whatsappAvailable ? ', and you can get our messages on WhatsApp' : ''}.
            To use another number, change it in your profile first.
          </Text>
        )}
        {!data.verified && sentTo === null ? (
          <Button variant="light" onClick={() => void send()} loading={sendCode.isPending} style={{ alignSelf: 'flex-start' }}>
            Send code
          </Button>
        ) : null}
        {!data.verified && sentTo !== null ? (
          <form onSubmit={(event) => void confirm(event)} aria-label="Confirm your phone number">
            <Stack gap="sm">
              <TextInput
                label="Code from the SMS"
                description={`Sent to ${sentTo}; it works for 10 minutes.`}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
                error={codeError}
                maw={260}
              />
              <Group gap="sm">
                <Button type="submit" loading={verify.isPending}>
                  Confirm
                </Button>
                <Button variant="subtle" onClick={() => void send()} loading={sendCode.isPending}>
                  Send a new code
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
        {data.verified && data.whatsappAvailable ? (
          <Radio.Group label="Send my messages by" value={data.channel} onChange={(value) => void choose(value)}>
            <Group mt="xs">
              {TEXT_CHANNELS.map((channel) => (
                <Radio key={channel} value={channel} label={TEXT_CHANNEL_LABELS[channel]} disabled={setChannel.isPending} />
              ))}
            </Group>
          </Radio.Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
