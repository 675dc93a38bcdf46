import { lazy } from 'react';
import { DialogButton } from '../kinds/DialogButton';

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
  return (
    <DialogButton
      label="Ask about this car"
      preload={preloadEnquiryDialog}
      dialog={(opened, close) => <EnquiryDialog car={car} opened={opened} onClose={close} />}
    />
  );
}
