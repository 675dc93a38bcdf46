import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

// The dialog and its form come on the click: the listing's first load carries only this button.
const SaveSearchDialog = lazy(async () => ({ default: (await import('./SaveSearchDialog')).SaveSearchDialog }));

/** "Get alerts for this search" on /cars: a message when a car matching the address's filters is added. */
export function SaveSearchButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" size="sm" onClick={() => setOpen(true)} w="fit-content">
        Get alerts for this search
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SaveSearchDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
