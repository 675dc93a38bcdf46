export { AdminAlertsPage, ALERT_PAGE_SIZE } from './lib/pages/AdminAlerts.page';
export { AlertForm, type AlertFormProps } from './lib/AlertForm/AlertForm';
