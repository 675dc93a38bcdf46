import { notifications } from '@mantine/notifications';

/** Toast durations of spec §9. */
export const TOAST_DURATION = { success: 2000, error: 4000 } as const;

/** Shows a success toast (2 s). */
export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'teal', autoClose: TOAST_DURATION.success });
}

/** Shows an error toast (4 s unless `autoClose` says otherwise). */
export function notifyError(message: string, autoClose: number = TOAST_DURATION.error): void {
  notifications.show({ message, color: 'red', autoClose });
}
