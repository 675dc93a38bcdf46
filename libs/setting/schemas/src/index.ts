export * from './setting.schemas';
export * from './import-duty';
export * from './financing';
export * from './duty-rates.schema';
export * from './finance-settings.schema';
export * from './reservation-rules';
export * from './reservation-rules.schema';
