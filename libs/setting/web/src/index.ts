export { AdminSettingsPage, SETTING_PAGE_SIZE } from './lib/pages/AdminSettings.page';
export { SettingForm, type SettingFormProps } from './lib/SettingForm/SettingForm';
