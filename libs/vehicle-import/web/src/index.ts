export { AdminImportPage } from './lib/admin/AdminImport.page';
export { AdminImportsPage } from './lib/admin/AdminImports.page';
export { OpenImport, type ImportLead } from './lib/open/OpenImport';
export { ImportTrackingPage } from './lib/tracking/ImportTracking.page';
export { MyImports } from './lib/tracking/MyImports';
export { ImportCostSuggestions } from './lib/admin/ImportCostSuggestions';
