// The screen lives in the order feature lib; this module is the route's lazy chunk boundary.
export { CartPage } from '@dealership/order-web';
