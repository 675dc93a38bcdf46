export { CarModule } from './car.module';
export { CarRouter } from './car.router';
export { CarService } from './car.service';
