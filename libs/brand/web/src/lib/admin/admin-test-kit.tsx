// Test helpers of the brand admin screens (not exported from the lib).
import { TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import type { UploadImage } from '@dealership/media-web';
import { screen, within, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { BrandImageTransfer } from './brand-form';

/**
 * Renders an admin screen over a fake API; `calls` records what was asked. `holdWrites` is awaited
 * before each mutation is answered (to see a screen mid-save).
 */
export function renderAdmin(
  ui: ReactElement,
  { api, route = '/', holdWrites }: { api: FakeApi; route?: string; holdWrites?: () => Promise<void> },
): RenderResult & { calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  const result = renderWithProviders(
    <TestTrpcProvider api={api} calls={calls} holdWrites={holdWrites}>
      {ui}
    </TestTrpcProvider>,
    { route },
  );
  return { ...result, calls };
}

let uploaded = 0;

/** A resize that keeps the file and an upload that stores it at once under a new id. */
export function fakeImageTransfer(): BrandImageTransfer & { uploads: string[] } {
  const uploads: string[] = [];
  const upload: UploadImage = async (_file, options) => {
    uploaded += 1;
    const publicId = `brands/new-${uploaded}`;
    uploads.push(publicId);
    options.onProgress?.(1);
    return { url: `/media/${publicId}.webp`, publicId, width: 800, height: 600 };
  };
  return { resize: async (file) => file, upload, uploads };
}

/** jsdom has no object URLs; the upload list makes one per picked file for its preview. */
export function stubObjectUrls(): void {
  let urls = 0;
  Object.assign(URL, { createObjectURL: () => `blob:preview-${++urls}`, revokeObjectURL: () => undefined });
}

export const logoFile = (name = 'logo.png') => new File([new Uint8Array(64)], name, { type: 'image/png' });

/** The messages of the toasts on screen. */
export function toastTexts(): string[] {
  return Array.from(document.querySelectorAll('.mantine-Notification-description')).map((node) => node.textContent ?? '');
}

/** Finds the toast with exactly `message`. */
export async function findToast(message: string): Promise<HTMLElement> {
  const toasts = await screen.findAllByText(message, { selector: '.mantine-Notification-description' });
  return toasts[0];
}

export const inDialog = (name: string | RegExp) => within(screen.getByRole('dialog', { name }));
