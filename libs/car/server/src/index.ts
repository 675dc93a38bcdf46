export { CarAvailability, CarAvailabilityModule, type CarForOrder } from './car-availability';
export { CarModule } from './car.module';
export { CarRouter } from './car.router';
export { CarService } from './car.service';
// A car's legacy shape, public only because brand's legacy by-slug answer embeds the brand's cars in it
// (`carInvoleInThisBrand`): one mapper keeps both routes' cars byte for byte the same.
export { LegacyCarSchema, toLegacyCar } from './car.legacy-mapper';
