// The drawer's stylesheets come with its chunk: the shell loads only what first paint needs.
// In Mantine's own order (that of styles.css).
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import { Divider, Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

export interface MobileMenuProps {
  id: string;
  opened: boolean;
  onClose: () => void;
  /** The links, above a divider. */
  navigation: ReactNode;
  /** Sign-in or the dashboard and logout, below it. */
  actions: ReactNode;
}

/** The header's drawer menu below `md`; its own chunk, loaded by the Header on demand. */
export function MobileMenu({ id, opened, onClose, navigation, actions }: MobileMenuProps) {
  // The divider is drawn only here: its code comes with the drawer's chunk, not with every page.
  return (
    <Drawer id={id} opened={opened} onClose={onClose} position="right" size="xs" title="Menu" hiddenFrom="md">
      {navigation}
      <Divider my="md" />
      {actions}
    </Drawer>
  );
}
