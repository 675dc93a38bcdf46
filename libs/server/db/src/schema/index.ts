export * from './app-state.table';
export * from './brand.table';
export * from './car.table';
export * from './enums';
export * from './order.table';
export * from './relations';
export * from './user.table';
