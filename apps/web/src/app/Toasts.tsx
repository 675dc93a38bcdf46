// The toasts' stylesheets come with their chunk, in Mantine's own order.
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { TOAST_DURATION } from '@dealership/web-ui';
import { Notifications } from '@mantine/notifications';
import classes from './Toasts.module.css';

/** The toast area. Spec §9: at most 20 toasts; errors stay 4 s (success toasts pass 2 s themselves). */
export function Toasts() {
  return <Notifications position="top-right" limit={20} autoClose={TOAST_DURATION.error} classNames={classes} />;
}
