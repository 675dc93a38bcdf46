import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/** Toast durations of spec §9. */
export const TOAST_DURATION = { success: 2000, error: 4000, news: 8000 } as const;

/** Shows a success toast (2 s). */
export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'teal', autoClose: TOAST_DURATION.success });
}

/** Shows an error toast (4 s unless `autoClose` says otherwise). */
export function notifyError(message: string, autoClose: number = TOAST_DURATION.error): void {
  notifications.show({ message, color: 'red', autoClose });
}

/** Tells staff something arrived (8 s: long enough to follow its link). */
export function notifyNews(title: string, message: ReactNode): void {
  notifications.show({ title, message, color: 'blue', autoClose: TOAST_DURATION.news });
}
