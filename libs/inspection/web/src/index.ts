export { AdminInspectionsPage } from './lib/admin/AdminInspections.page';
export { CarInspection } from './lib/report/CarInspection';
