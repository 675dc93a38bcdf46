// The screen lives in the setting feature lib (the rates are its data); this module is the route's lazy chunk boundary.
export { FinancingPage } from '@dealership/setting-web';
