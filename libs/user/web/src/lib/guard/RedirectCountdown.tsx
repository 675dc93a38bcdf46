import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';

/** Seconds before an unauthorised visitor is sent to the login page (spec §9). */
export const REDIRECT_COUNTDOWN_SECONDS = 3;

export interface RedirectCountdownProps {
  /** Where to go when the countdown ends. */
  to: string;
  seconds?: number;
}

/** "redirecting to you in N second" (spec wording), counting down once a second, then navigating. */
export function RedirectCountdown({ to, seconds = REDIRECT_COUNTDOWN_SECONDS }: RedirectCountdownProps) {
  const [count, setCount] = useState(seconds);
  const navigate = useNavigate();

  useEffect(() => {
    if (count <= 0) {
      // Replace: Back from the login page must not land on this countdown again.
      navigate(to, { replace: true });
      return undefined;
    }
    const timer = window.setTimeout(() => setCount((current) => current - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [count, navigate, to]);

  return (
    <Center py={64} px="md">
      <Paper withBorder radius="md" p="xl" maw={440} w="100%">
        <Stack align="center" gap="md" ta="center" role="status">
          <Loader color="navy" />
          <Title order={1} size="h3">
            redirecting to you in {Math.max(count, 1)} second
          </Title>
          <Text size="sm" c="dimmed">
            Please log in with an account that may open this page.
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
