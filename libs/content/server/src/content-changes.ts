import { CatalogueChanges, DB_HANDLE, type DatabaseHandle } from '@dealership/server-db';
import { Logger, type Provider } from '@nestjs/common';
import { SITE_CONTENT_CHANGED_CHANNEL } from './content.repository';

/**
 * The site content's generation in this process: the catalogue's mechanism (`CatalogueChanges`:
 * a generation moved by this process's writes and by the channel's notifications, undefined while
 * they are not heard), on the content's own channel.
 */
export class ContentChanges extends CatalogueChanges {}

const logger = new Logger('ContentChanges');

/** Listens on `site_content_changed` for as long as the database handle is open. */
export const contentChangesProvider: Provider = {
  provide: ContentChanges,
  inject: [DB_HANDLE],
  useFactory: async (handle: DatabaseHandle): Promise<ContentChanges> => {
    const changes = new ContentChanges();
    const { onNotify, onListening } = changes.handlers();
    let lost = false;
    await handle.listen(SITE_CONTENT_CHANGED_CHANNEL, {
      onNotify,
      onListening: (listening) => {
        onListening(listening);
        if (!listening && !lost) logger.warn('site content notifications lost: the content is read from the database until they are back');
        if (listening && lost) logger.log('site content notifications are back');
        lost = !listening;
      },
    });
    return changes;
  },
};
