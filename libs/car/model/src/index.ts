export * from './car.constants';
export * from './car.model';
export * from './car-model-name';
export * from './car-landing';
export * from './car-landing-words';
export * from './car-landing.schema';
export * from './vehicle-data';
export * from './catalogue-feeds';
