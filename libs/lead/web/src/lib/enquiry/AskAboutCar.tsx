import { Button } from '@mantine/core';
import { lazy, Suspense, useState, useTransition } from 'react';

// The dialog (Mantine's Modal with its scroll lock) and the form (zod, the form library) are their own
// chunk, fetched when a visitor reaches for the button: the car page's first load stays within its budget.
const loadEnquiryDialog = () => import('./EnquiryDialog');
const EnquiryDialog = lazy(async () => ({ default: (await loadEnquiryDialog()).EnquiryDialog }));
const preloadEnquiryDialog = () => void loadEnquiryDialog();

export interface AskAboutCarProps {
  car: { id: string; name: string };
}

/** "Ask about this car" on the car page: the enquiry form in a dialog, about this car. */
export function AskAboutCar({ car }: AskAboutCarProps) {
  const [opened, setOpened] = useState(false);
  // Mounted from the first click on, so closing animates and a sent enquiry stays sent.
  const [wanted, setWanted] = useState(false);
  // Opening is a transition: while the dialog's chunk loads (a slow network), the button shows it is busy.
  const [loading, startOpening] = useTransition();
  return (
    <>
      <Button
        size="md"
        variant="outline"
        aria-haspopup="dialog"
        loading={loading}
        onClick={() =>
          startOpening(() => {
            setWanted(true);
            setOpened(true);
          })
        }
        onPointerEnter={preloadEnquiryDialog}
        onFocus={preloadEnquiryDialog}
      >
        Ask about this car
      </Button>
      {/* Rendered from the start (empty), so the transition keeps it as it is until the dialog has loaded. */}
      <Suspense fallback={null}>{wanted ? <EnquiryDialog car={car} opened={opened} onClose={() => setOpened(false)} /> : null}</Suspense>
    </>
  );
}
