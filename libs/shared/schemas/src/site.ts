/** The dealership's name, as buyers know it: page titles, structured data, emails and SMS. */
export const SITE_NAME = 'Mombasa Car Dealership';
