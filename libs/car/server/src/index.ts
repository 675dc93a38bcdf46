export { CarModule } from './car.module';
export { CarRouter } from './car.router';
export { CarService } from './car.service';
export { LegacyCarSchema, toLegacyCar, type LegacyCar } from './car.legacy-mapper';
