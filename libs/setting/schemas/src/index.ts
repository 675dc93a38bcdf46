export * from './setting.schemas';
export * from './import-duty';
export * from './financing';
