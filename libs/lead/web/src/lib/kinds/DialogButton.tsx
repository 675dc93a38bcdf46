import { Button, type ButtonProps } from '@mantine/core';
import { type ReactNode, Suspense, useState, useTransition } from 'react';

export interface DialogButtonProps extends Pick<ButtonProps, 'variant' | 'color' | 'size' | 'fullWidth'> {
  label: string;
  /** Fetches the dialog's chunk ahead of the click (pointer over, focus). */
  preload: () => void;
  /** The dialog, a lazy component: rendered from the first click on. */
  dialog: (opened: boolean, close: () => void) => ReactNode;
}

/**
 * A button opening a dialog whose code loads when a visitor reaches for it (see `AskAboutCar`):
 * the page's first load carries only the button.
 */
export function DialogButton({ label, preload, dialog, size = 'md', variant = 'outline', ...buttonProps }: DialogButtonProps) {
  const [opened, setOpened] = useState(false);
  // Mounted from the first click on, so closing animates and a sent form stays sent.
  const [wanted, setWanted] = useState(false);
  // Opening is a transition: while the dialog's chunk loads, the button shows it is busy.
  const [loading, startOpening] = useTransition();
  return (
    <>
      <Button
        size={size}
        variant={variant}
        {...buttonProps}
        aria-haspopup="dialog"
        loading={loading}
        onClick={() =>
          startOpening(() => {
            setWanted(true);
            setOpened(true);
          })
        }
        onPointerEnter={preload}
        onFocus={preload}
      >
        {label}
      </Button>
      <Suspense fallback={null}>{wanted ? dialog(opened, () => setOpened(false)) : null}</Suspense>
    </>
  );
}
