import { LeadDialog } from '../kinds/LeadDialog';
import { TestDriveForm } from './TestDriveForm';

export interface TestDriveDialogProps {
  car: { id: string; name: string };
  opened: boolean;
  onClose: () => void;
}

/** The test-drive form of one car, in a dialog (its own chunk: see `BookTestDrive`). */
export function TestDriveDialog({ car, opened, onClose }: TestDriveDialogProps) {
  return (
    <LeadDialog title={`Book a test drive of the ${car.name}`} opened={opened} onClose={onClose}>
      <TestDriveForm car={car} />
    </LeadDialog>
  );
}
