export * from './setting.schemas';
