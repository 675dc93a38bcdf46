export * from './content.constants';
export * from './content.schemas';
export * from './default-faq';
export * from './opening-hours';
export * from './opening-hours.schema-org';
export * from './site-content.defaults';
export * from './social-networks';
