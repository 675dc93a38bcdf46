export * from './car.constants';
export * from './car.model';
