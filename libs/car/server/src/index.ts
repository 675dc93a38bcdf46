export { CarAlertMatching, CarAlertMatchingModule, type CarForAlert, type SavedCarSearch } from './car-alert-matching';
export { CarAvailability, CarAvailabilityModule, type CarForOrder } from './car-availability';
export { LegacyCarSchema, toLegacyCar, type LegacyBrandRef, type LegacyCar } from './car.legacy-shape';
export { CarModule } from './car.module';
export { CatalogueChanges } from './catalogue-changes';
export { MetaVehicleFeedModule } from './meta-vehicle-feed.module';
export { BRAND_CATALOGUE, CatalogueRows, CatalogueWriter, type CatalogueWriteResult } from './catalogue-writes';
export { CarRouter } from './car.router';
export { CarService } from './car.service';
