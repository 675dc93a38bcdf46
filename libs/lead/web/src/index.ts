export { AdminLeadsPage, LEAD_PAGE_SIZE } from './lib/pages/AdminLeads.page';
export { LeadForm, type LeadFormProps } from './lib/LeadForm/LeadForm';
