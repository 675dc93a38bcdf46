export { ContentModule } from './content.module';
export { ContentRouter } from './content.router';
export { ContentService } from './content.service';
