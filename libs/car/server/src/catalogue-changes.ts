import { NotifiedGeneration, notifiedGenerationProvider } from '@dealership/server-db';
import { Module } from '@nestjs/common';

/** The channel the catalogue tables' triggers notify on (migration 0016). */
export const CATALOGUE_CHANGED_CHANNEL = 'catalogue_changed';

/**
 * The catalogue's generation in this process: it moves on every change to cars, their pictures and
 * brands, made here or on another instance (see `NotifiedGeneration`). The car pages' caches are
 * keyed by it; an order that moves a car's status moves it too.
 */
export class CatalogueChanges extends NotifiedGeneration {}

/** Provides the one `CatalogueChanges` of the process, listening for as long as the database is open. */
@Module({
  providers: [
    notifiedGenerationProvider(CatalogueChanges, CATALOGUE_CHANGED_CHANNEL, {
      context: 'Database',
      lost: 'catalogue change notifications lost: car pages are read from the database until they are back',
      back: 'catalogue change notifications are back',
    }),
  ],
  exports: [CatalogueChanges],
})
export class CatalogueChangesModule {}
