// The car domain reads its shared vocabulary and read model through this lib too.
export * from '@dealership/car-model';
export * from './car.schemas';
export * from './car-spin.schemas';
export * from './car-cost.schemas';
export * from './car-draft.schemas';
