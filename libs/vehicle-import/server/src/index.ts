export { VehicleImportModule } from './vehicle-import.module';
export { VehicleImportRouter } from './vehicle-import.router';
export { VehicleImportService } from './vehicle-import.service';
