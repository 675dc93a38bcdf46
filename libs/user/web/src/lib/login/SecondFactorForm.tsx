import { Anchor, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

export interface SecondFactorFormProps {
  /** Sends the code (or recovery code); the form shows a busy button until it settles. */
  onSubmit: (proof: { code?: string; recoveryCode?: string; rememberDevice: boolean }) => Promise<void>;
  /** Back to the password step. */
  onCancel: () => void;
}

/** The second step of a staff sign-in: the 6-digit code from the authenticator app, or a recovery code. */
export function SecondFactorForm({ onSubmit, onCancel }: SecondFactorFormProps) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const entered = value.replace(/\s/g, '');
    if (!useRecovery && !/^\d{6}$/.test(entered)) return setError('Enter the 6-digit code from your authenticator app');
    if (useRecovery && entered.length < 10) return setError('Enter one of your recovery codes');
    setError(null);
    setBusy(true);
    try {
      await onSubmit(useRecovery ? { recoveryCode: value.trim(), rememberDevice: remember } : { code: entered, rememberDevice: remember });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Two-factor sign-in">
      <Stack gap="md">
        <Text size="sm">
          {useRecovery ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once.' : 'Open your authenticator app and enter the 6-digit code for this site.'}
        </Text>
        <TextInput
          label={useRecovery ? 'Recovery code' : 'Authentication code'}
          inputMode={useRecovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          required
          autoFocus
          value={value}
          error={error}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
        <Checkbox label="Remember this device for 30 days" checked={remember} onChange={(event) => setRemember(event.currentTarget.checked)} />
        <Button type="submit" size="md" fullWidth loading={busy}>
          Verify
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setUseRecovery((current) => !current);
            setValue('');
            setError(null);
          }}
        >
          {useRecovery ? 'Use the code from my app' : 'Use a recovery code'}
        </Anchor>
        <Anchor component="button" type="button" size="sm" c="gray.7" onClick={onCancel}>
          Back to the password
        </Anchor>
      </Stack>
    </form>
  );
}
