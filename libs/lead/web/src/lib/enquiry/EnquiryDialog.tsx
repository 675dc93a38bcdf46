// The dialog's sheets: public pages load only the Mantine sheets they use (apps/web/src/mantine-styles.ts).
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Modal } from '@mantine/core';
import { EnquiryForm } from './EnquiryForm';

export interface EnquiryDialogProps {
  car: { id: string; name: string };
  opened: boolean;
  onClose: () => void;
}

/** The enquiry form about one car, in a dialog (its own chunk: see `AskAboutCar`). */
export function EnquiryDialog({ car, opened, onClose }: EnquiryDialogProps) {
  return (
    // A long car name wraps in the title: a heading's weight and room between its lines.
    <Modal opened={opened} onClose={onClose} title={`Ask about the ${car.name}`} centered size="lg" styles={{ title: { fontWeight: 700, lineHeight: 1.3 } }}>
      <EnquiryForm car={car} />
    </Modal>
  );
}
