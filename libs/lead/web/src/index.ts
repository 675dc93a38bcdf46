export { AdminLeadsPage, LEAD_PAGE_SIZE } from './lib/pages/AdminLeads.page';
export { AskAboutCar, type AskAboutCarProps } from './lib/enquiry/AskAboutCar';
export { EnquiryForm, enquiryMessage, type EnquiryFormProps } from './lib/enquiry/EnquiryForm';
