// The screen lives in the setting feature lib (the rates are its data); this module is the route's lazy chunk boundary.
export { ImportDutyPage } from '@dealership/setting-web';
