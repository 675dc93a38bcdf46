import type { ImageUploadsOptions } from '@dealership/media-web';
import type { trpc } from '@dealership/web-trpc-client';
import type { FormErrors } from '@mantine/form';

/** The browser resize and the upload request of the brand pictures, replaceable in tests. */
export type BrandImageTransfer = Pick<ImageUploadsOptions, 'resize' | 'upload'>;

export interface AdminBrandPageProps {
  /** Tests pass a fake resize and upload; the app uses the real ones. */
  imageTransfer?: BrandImageTransfer;
}

/**
 * After any brand write (create, update, a picture removed, delete): every brand query is stale,
 * and so is every car query, since a car carries its brand's name, slug and logo; and the activity
 * log. The public screens would otherwise show the old brand for their 30 s staleTime.
 */
export function refreshAfterBrandWrite(utils: ReturnType<typeof trpc.useUtils>): Promise<unknown> {
  return Promise.all([utils.brand.invalidate(), utils.car.invalidate(), utils.audit.list.invalidate()]);
}

/**
 * The server's field messages as form errors: a message about one picture (`images.2`) belongs
 * to the picture list, which shows one message for all.
 */
export function toFormErrors(fieldErrors: Record<string, string>): FormErrors {
  const errors: FormErrors = {};
  for (const [field, message] of Object.entries(fieldErrors)) {
    const key = field.startsWith('images') ? 'images' : field;
    if (!(key in errors)) errors[key] = message;
  }
  return errors;
}

/** The message of the first check that failed, in the form's order (spec §5: name, then images). */
export function firstFormError(errors: FormErrors, order: readonly string[] = ['name', 'images']): string | undefined {
  const key = order.find((field) => errors[field]) ?? Object.keys(errors).find((field) => errors[field]);
  const message = key ? errors[key] : undefined;
  return message ? String(message) : undefined;
}
