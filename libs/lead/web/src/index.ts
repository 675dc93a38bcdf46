export { AdminLeadsPage, LEAD_PAGE_SIZE } from './lib/pages/AdminLeads.page';
export { AskAboutCar, type AskAboutCarProps } from './lib/enquiry/AskAboutCar';
export { EnquiryForm, enquiryMessage, type EnquiryFormProps } from './lib/enquiry/EnquiryForm';
export { BookTestDrive, type BookTestDriveProps } from './lib/test-drive/BookTestDrive';
export { ApplyForFinancing, type ApplyForFinancingProps } from './lib/financing/ApplyForFinancing';
export { TradeInForm, type TradeInFormProps } from './lib/trade-in/TradeInForm';
export { ImportRequestForm, type ImportRequestFormProps } from './lib/import/ImportRequestForm';
export { DeferredEnquiryForm, DeferredImportRequestForm, DeferredTradeInForm } from './lib/kinds/deferred-forms';
