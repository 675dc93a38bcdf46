import { notifications } from '@mantine/notifications';

/**
 * Runs `task` with a loading toast ('Loging In...', 'Registering...', 'Updating...') that closes
 * when it settles; the caller then shows the success or error toast.
 */
export async function withLoadingToast<T>(message: string, task: () => Promise<T>): Promise<T> {
  const id = notifications.show({ message, loading: true, autoClose: false, withCloseButton: false });
  try {
    return await task();
  } finally {
    notifications.hide(id);
  }
}
