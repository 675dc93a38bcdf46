export { LeadModule } from './lead.module';
export { LeadRouter } from './lead.router';
