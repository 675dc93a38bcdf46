// The screen lives in the user feature lib; this module is the route's lazy chunk boundary.
export { LoginPage } from '@dealership/user-web';
