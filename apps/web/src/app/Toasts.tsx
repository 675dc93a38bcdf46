// The toasts' stylesheets come with their chunk, in Mantine's own order.
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { TOAST_DURATION } from '@dealership/web-ui';
import { Notifications } from '@mantine/notifications';

/**
 * Just below the sticky header (72 px tall, Header.module.css), so a toast never hides the menu,
 * the cart or the sign-in button: on a phone the toast spans the width and sat on the header.
 */
const BELOW_HEADER = { top: 'calc(72px + var(--mantine-spacing-xs))' };

/** The toast area. Spec §9: at most 20 toasts; errors stay 4 s (success toasts pass 2 s themselves). */
export function Toasts() {
  return <Notifications position="top-right" limit={20} autoClose={TOAST_DURATION.error} style={BELOW_HEADER} />;
}
