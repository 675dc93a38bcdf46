export { InspectionModule } from './inspection.module';
export { InspectionRouter } from './inspection.router';
export { InspectionService } from './inspection.service';
