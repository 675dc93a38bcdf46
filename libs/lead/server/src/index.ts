export { LeadModule } from './lead.module';
export { LeadRouter } from './lead.router';
export { LeadService } from './lead.service';
