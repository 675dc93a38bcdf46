import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess } from '@dealership/web-ui';
import type { FormErrors } from '@mantine/form';

/**
 * Shows a refusal on the inputs it names (`inputFor` maps the server's field, with its message, to
 * the form's input, or null for one the form does not show), or in a notification when none is shown.
 */
export function showRefusal(error: unknown, setErrors: (errors: FormErrors) => void, inputFor: (field: string, message: string) => string | null) {
  const { message, fieldErrors } = describeApiError(error);
  const errors: FormErrors = {};
  for (const [field, text] of Object.entries(fieldErrors)) {
    const input = inputFor(field, text);
    if (input) errors[input] ??= text;
  }
  if (Object.keys(errors).length) setErrors(errors);
  else notifyError(message);
}

/**
 * The forms' save: runs a write of an import; when it is refused, `refuse` shows why and the form
 * stays open; otherwise a notification, the form closes and the import and the board are fetched again.
 */
export function useImportWrite(onDone: () => void) {
  const utils = trpc.useUtils();
  return async (write: () => Promise<unknown>, success: string, refuse: (error: unknown) => void) => {
    try {
      await write();
    } catch (error) {
      refuse(error);
      return;
    }
    notifySuccess(success);
    onDone();
    await utils.vehicleImport.invalidate();
  };
}
