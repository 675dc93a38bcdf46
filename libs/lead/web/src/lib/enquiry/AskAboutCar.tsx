// The dialog's sheets: public pages load only the Mantine sheets they use (apps/web/src/mantine-styles.ts).
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Button, Modal } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

// The form's code loads when the dialog first opens: the car page's own bundle stays small.
const EnquiryForm = lazy(async () => ({ default: (await import('./EnquiryForm')).EnquiryForm }));

export interface AskAboutCarProps {
  car: { id: string; name: string };
}

/** "Ask about this car" on the car page: the enquiry form in a dialog, about this car. */
export function AskAboutCar({ car }: AskAboutCarProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="md" variant="outline" onClick={() => setOpened(true)}>
        Ask about this car
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`Ask about the ${car.name}`} centered size="lg">
        <Suspense fallback={null}>
          <EnquiryForm car={car} />
        </Suspense>
      </Modal>
    </>
  );
}
