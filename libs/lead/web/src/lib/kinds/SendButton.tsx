import { Button, type ButtonProps } from '@mantine/core';
import { type ReactNode, useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

export interface SendButtonProps extends Omit<ButtonProps, 'type' | 'disabled'> {
  children: ReactNode;
}

/**
 * A lead form's submit button, pressable once the form's code runs. A server-rendered form arrives
 * before its code (a deferred component hydrates after the page): pressed then, or Enter in a
 * field, the browser would send the form itself, with the buyer's name and number in the page's
 * address, and the buyer would lose what they typed. Disabled until hydrated, it cannot; a form
 * rendered in the browser (a dialog) is pressable at once.
 */
export function SendButton({ children, ...props }: SendButtonProps) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <Button {...props} type="submit" disabled={!hydrated}>
      {children}
    </Button>
  );
}
