// The screen lives in the vehicle-import feature lib; this module is the route's lazy chunk boundary,
// and where the page gets its card form (the order domain's Braintree Drop-in: web domains do not
// use each other's components).
import { CardPayment } from '@dealership/order-web';
import { ImportTrackingPage as TrackingPage } from '@dealership/vehicle-import-web';

export function ImportTrackingPage() {
  return <TrackingPage CardForm={CardPayment} />;
}
