// The route's lazy chunk boundary, and where the listing meets the alerts: the car feature lib
// renders the page, the alert feature lib the "get alerts for this search" control (its dialog loads on click).
import { SaveSearchButton } from '@dealership/alert-web';
import { CarsPage as Cars } from '@dealership/car-web';

export function CarsPage() {
  return <Cars alerts={<SaveSearchButton />} />;
}
