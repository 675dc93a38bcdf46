export { AdminSettingsPage, SETTING_PAGE_SIZE } from './lib/pages/AdminSettings.page';
export { SettingForm, type SettingFormProps } from './lib/SettingForm/SettingForm';
export { ImportDutyPage, dutyEstimatePath } from './lib/calculators/ImportDuty.page';
export { FinancingPage, financingPath, DEFAULT_FINANCE_MONTHS, type FinancingPageProps } from './lib/calculators/Financing.page';
