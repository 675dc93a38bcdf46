export { AdminImportPage } from './lib/admin/AdminImport.page';
export { AdminImportsPage } from './lib/admin/AdminImports.page';
