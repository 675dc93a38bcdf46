export { AdminLeadsPage, LEAD_PAGE_SIZE } from './lib/pages/AdminLeads.page';
export type { LeadExtra } from './lib/inbox/LeadDrawer';
export { MyRequests } from './lib/mine/MyRequests';
export { AskAboutCar, type AskAboutCarProps } from './lib/enquiry/AskAboutCar';
export { type EnquiryFormProps } from './lib/enquiry/EnquiryForm';
export { BookTestDrive, type BookTestDriveProps } from './lib/test-drive/BookTestDrive';
export { ApplyForFinancing, type ApplyForFinancingProps } from './lib/financing/ApplyForFinancing';
export { type TradeInFormProps } from './lib/trade-in/TradeInForm';
export { type ImportRequestFormProps } from './lib/import/ImportRequestForm';
// The forms written into pages come as deferred components: their code loads after the page's.
export { DeferredEnquiryForm, DeferredImportRequestForm, DeferredTradeInForm } from './lib/kinds/deferred-forms';
