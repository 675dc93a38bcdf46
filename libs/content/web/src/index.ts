export { AdminSiteContentPage } from './lib/pages/AdminSiteContent.page';
export { SiteContentForm, type SiteContentFormProps } from './lib/SiteContentForm/SiteContentForm';
