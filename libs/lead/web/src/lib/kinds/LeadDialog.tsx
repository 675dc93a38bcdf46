// The dialog's sheets: public pages load only the Mantine sheets they use (apps/web/src/mantine-styles.ts).
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

export interface LeadDialogProps {
  title: string;
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** A lead's form in a dialog, titled as the enquiry's is. */
export function LeadDialog({ title, opened, onClose, children }: LeadDialogProps) {
  return (
    // A long car name wraps in the title: a heading's weight and room between its lines.
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg" styles={{ title: { fontWeight: 700, lineHeight: 1.3 } }}>
      {children}
    </Modal>
  );
}
