export { CarAlertMatching, CarAlertMatchingModule, type CarForAlert, type SavedCarSearch } from './car-alert-matching';
export { CarAvailability, CarAvailabilityModule, type CarForOrder } from './car-availability';
export { CarModule } from './car.module';
export { CarRouter } from './car.router';
export { CarService } from './car.service';
export { CAR_VIEWS_FLUSH_MS, CarViews } from './car-views';
