import { lazy } from 'react';
import { DialogButton } from '../kinds/DialogButton';

// The dialog and its form (zod, the form library) are their own chunk, fetched when a visitor reaches for the button.
const loadTestDriveDialog = () => import('./TestDriveDialog');
const TestDriveDialog = lazy(async () => ({ default: (await loadTestDriveDialog()).TestDriveDialog }));
const preloadTestDriveDialog = () => void loadTestDriveDialog();

export interface BookTestDriveProps {
  carId: string;
  carName: string;
}

/** "Book a test drive" on the car page: the test-drive form of this car in a dialog. */
export function BookTestDrive({ carId, carName }: BookTestDriveProps) {
  return (
    <DialogButton
      label="Book a test drive"
      preload={preloadTestDriveDialog}
      dialog={(opened, close) => <TestDriveDialog car={{ id: carId, name: carName }} opened={opened} onClose={close} />}
    />
  );
}
