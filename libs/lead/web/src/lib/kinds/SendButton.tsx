import { Button, type ButtonProps } from '@mantine/core';
import { type ReactNode, useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

export interface SendButtonProps extends Omit<ButtonProps, 'type'> {
  children: ReactNode;
}

/**
 * A lead form's submit button. A server-rendered form arrives before its code (a deferred component
 * hydrates after the page): pressed then, or Enter in a field, the browser would send the form
 * itself, with the buyer's name and number in the page's address, and the buyer would lose what
 * they typed. Until hydrated it is a plain button, which sends nothing (nor does Enter, in a form
 * of several fields without a submit button); a tap on it meanwhile is held and replayed once the
 * form's code has run (early-taps.js, then `deferredComponent`), so it looks and is pressable. A
 * form rendered in the browser (a dialog) has its submit button at once.
 */
export function SendButton({ children, ...props }: SendButtonProps) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <Button {...props} type={hydrated ? 'submit' : 'button'}>
      {children}
    </Button>
  );
}
