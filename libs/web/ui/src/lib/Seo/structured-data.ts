import type { Car } from '@dealership/car-model';
import { DEFAULT_ADDRESS, type SiteContent } from '@dealership/content-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { SITE_NAME, type SiteConfig } from '../config/site-config';

/** A JSON-LD object. */
export type JsonLd = Record<string, unknown>;

const SCHEMA = 'https://schema.org';

function absolute(pathOrUrl: string, publicUrl: string): string {
  try {
    return new URL(pathOrUrl, `${publicUrl}/`).toString();
  } catch {
    return pathOrUrl;
  }
}

/**
 * The dealership as a schema.org `AutoDealer` in Mombasa, KE, with `extra` fields merged in; with
 * the site content, its phone, email, street address and map link as the staff keep them.
 */
export function autoDealerJsonLd({ publicUrl, dealerPhone }: SiteConfig, extra: JsonLd = {}, content?: Pick<SiteContent, 'phone' | 'email' | 'address' | 'mapUrl'>): JsonLd {
  const contact: JsonLd = {};
  if (content?.email) contact['email'] = content.email;
  if (content?.mapUrl) contact['hasMap'] = content.mapUrl;
  const street = content && content.address !== DEFAULT_ADDRESS ? { streetAddress: content.address } : {};
  return {
    '@context': SCHEMA,
    '@type': 'AutoDealer',
    name: SITE_NAME,
    url: publicUrl,
    telephone: content?.phone ?? dealerPhone,
    ...contact,
    currenciesAccepted: 'KES',
    address: { '@type': 'PostalAddress', ...street, addressLocality: 'Mombasa', addressCountry: 'KE' },
    ...extra,
  };
}

/** The `@id` of a car's JSON-LD node: other blocks of its page (its inspection) add to the same car. */
export const carNodeId = (slug: string, publicUrl: string) => `${absolute(sitePath('car', { slug }), publicUrl)}#car`;

/** A car for sale as a schema.org `Car` with an `Offer` in KES. */
export function carJsonLd(car: Car, publicUrl: string): JsonLd {
  const url = absolute(sitePath('car', { slug: car.slug }), publicUrl);
  return {
    '@context': SCHEMA,
    '@type': 'Car',
    '@id': carNodeId(car.slug, publicUrl),
    name: car.name,
    url,
    description: car.description,
    image: car.images.map((image) => absolute(image.url, publicUrl)),
    ...(car.brand ? { brand: { '@type': 'Brand', name: car.brand.name } } : {}),
    vehicleModelDate: String(car.year),
    bodyType: car.bodyType,
    fuelType: car.fuelType,
    vehicleTransmission: car.transmission,
    driveWheelConfiguration: car.drive,
    mileageFromOdometer: { '@type': 'QuantitativeValue', value: car.mileage, unitCode: 'KMT' },
    // An electric car has no displacement (engine size 0).
    ...(car.engineSize
      ? { vehicleEngine: { '@type': 'EngineSpecification', engineDisplacement: { '@type': 'QuantitativeValue', value: car.engineSize, unitCode: 'CMQ' } } }
      : {}),
    ...(car.seats ? { seatingCapacity: car.seats } : {}),
    itemCondition: car.condition === 'New' ? `${SCHEMA}/NewCondition` : `${SCHEMA}/UsedCondition`,
    offers: {
      '@type': 'Offer',
      price: car.price,
      priceCurrency: 'KES',
      availability: `${SCHEMA}/InStock`,
      url,
      seller: { '@type': 'AutoDealer', name: SITE_NAME },
    },
  };
}

/** A list of cars (a listing page) as a schema.org `ItemList` of `Car`s with KES offers. */
export function carItemListJsonLd(cars: Car[], publicUrl: string, name: string): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'ItemList',
    name,
    numberOfItems: cars.length,
    itemListElement: cars.map((car, index) => {
      const { '@context': _context, ...item } = carJsonLd(car, publicUrl);
      return { '@type': 'ListItem', position: index + 1, item };
    }),
  };
}

/** A breadcrumb trail as a schema.org `BreadcrumbList`. */
export function breadcrumbJsonLd(items: { label: string; to?: string }[], publicUrl: string): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.label,
      ...(item.to ? { item: absolute(item.to, publicUrl) } : {}),
    })),
  };
}
