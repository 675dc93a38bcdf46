export * from './content.constants';
export * from './content.schemas';
export * from './opening-hours';
export * from './site-content.defaults';
