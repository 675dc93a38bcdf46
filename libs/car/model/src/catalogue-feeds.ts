// Addresses of the catalogue's feeds for other services. Kept out of car.constants, which every
// public page loads: only the server and the back office read these.

/**
 * Where the stock is published as a Meta automotive catalogue feed (CSV), from the site's root
 * (`${PUBLIC_URL}/feeds/meta-vehicles.csv`): Meta Commerce Manager fetches it for Facebook and
 * Instagram ads. Written without the leading slash, as the server's route list names its routes.
 */
export const META_VEHICLE_FEED_ROUTE = 'feeds/meta-vehicles.csv';
