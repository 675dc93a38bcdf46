export * from './car.constants';
export * from './car.model';
export * from './car-model-name';
export * from './vehicle-data';
