// The drawer's stylesheets come with its chunk: the shell loads only what first paint needs.
// In Mantine's own order (that of styles.css).
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

export interface MobileMenuProps {
  id: string;
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** The header's drawer menu below `md`; its own chunk, loaded by the Header on demand. */
export function MobileMenu({ id, opened, onClose, children }: MobileMenuProps) {
  return (
    <Drawer id={id} opened={opened} onClose={onClose} position="right" size="xs" title="Menu" hiddenFrom="md">
      {children}
    </Drawer>
  );
}
