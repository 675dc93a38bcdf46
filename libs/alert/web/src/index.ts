export { AlertPage } from './lib/Alert.page';
export { AlertSignUp, type AlertSignUpProps } from './lib/AlertSignUp';
export { MyAlerts } from './lib/MyAlerts';
export { SaveSearchButton } from './lib/SaveSearchButton';
