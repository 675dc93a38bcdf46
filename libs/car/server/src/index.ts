export { CarModule } from './car.module';
export { CarRouter } from './car.router';
export { CarService } from './car.service';
export { fromLegacyImage, LegacyCarSchema, listOf, parseLegacyInput, toLegacyCar, type LegacyCar } from './car.legacy-mapper';
export { readLegacyForm, type LegacyForm, type LegacyFormFile } from './legacy-form';
