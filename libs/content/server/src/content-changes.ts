import { notifiedGenerationProvider, NotifiedGeneration } from '@dealership/server-db';
import type { Provider } from '@nestjs/common';
import { SITE_CONTENT_CHANGED_CHANNEL } from './content.repository';

/**
 * The site content's generation in this process: a generation moved by this process's writes and
 * by the channel's notifications, undefined while they are not heard (see `NotifiedGeneration`).
 */
export class ContentChanges extends NotifiedGeneration {}

/** Listens on `site_content_changed` for as long as the database handle is open. */
export const contentChangesProvider: Provider = notifiedGenerationProvider(ContentChanges, SITE_CONTENT_CHANGED_CHANNEL, {
  context: 'ContentChanges',
  lost: 'site content notifications lost: the content is read from the database until they are back',
  back: 'site content notifications are back',
});
