import { makeCar } from '../../testing/fixtures';
import { defaultSiteContent, HOME_OPENING_HOURS } from '@dealership/content-schemas';
import { autoDealerJsonLd, breadcrumbJsonLd, carItemListJsonLd, carJsonLd } from './structured-data';

const site = { dealerPhone: '+254 711 222 333', publicUrl: 'https://cars.example' };

describe('structured data', () => {
  it('describes the dealer in Mombasa, KE, with the phone from the runtime config', () => {
    expect(autoDealerJsonLd(site, { openingHours: HOME_OPENING_HOURS })).toMatchObject({
      '@type': 'AutoDealer',
      telephone: '+254 711 222 333',
      url: 'https://cars.example',
      address: { addressLocality: 'Mombasa', addressCountry: 'KE' },
      openingHours: 'Mo-Sa 08:00-17:00',
    });
  });

  it('takes the phone, email, street address and map link the staff keep', () => {
    const content = { ...defaultSiteContent('+254 722 000 111'), email: 'sales@dealer.example', address: 'Nyali Road', mapUrl: 'https://maps.example/x' };
    expect(autoDealerJsonLd(site, {}, content)).toMatchObject({
      telephone: '+254 722 000 111',
      email: 'sales@dealer.example',
      hasMap: 'https://maps.example/x',
      address: { streetAddress: 'Nyali Road', addressLocality: 'Mombasa', addressCountry: 'KE' },
    });
    // The default address is the locality itself: no street.
    expect(autoDealerJsonLd(site, {}, defaultSiteContent('+254 711 000 000'))['address']).toEqual({
      '@type': 'PostalAddress',
      addressLocality: 'Mombasa',
      addressCountry: 'KE',
    });
  });

  it('describes a car with an offer in KES and absolute URLs', () => {
    const car = makeCar({ slug: 'prado', price: 7_600_000, condition: 'Foreign Used' });
    expect(carJsonLd(car, site.publicUrl)).toMatchObject({
      '@type': 'Car',
      url: 'https://cars.example/car/prado',
      image: ['https://cars.example/media/cars/prado.webp'],
      brand: { '@type': 'Brand', name: 'Toyota' },
      itemCondition: 'https://schema.org/UsedCondition',
      offers: { '@type': 'Offer', price: 7_600_000, priceCurrency: 'KES', url: 'https://cars.example/car/prado' },
    });
  });

  it('lists cars as an ItemList of Car items', () => {
    const list = carItemListJsonLd([makeCar({ slug: 'a' }), makeCar({ slug: 'b' })], site.publicUrl, 'Cars');
    expect(list).toMatchObject({ '@type': 'ItemList', numberOfItems: 2 });
    expect(list.itemListElement).toEqual([
      expect.objectContaining({ position: 1, item: expect.objectContaining({ '@type': 'Car', url: 'https://cars.example/car/a' }) }),
      expect.objectContaining({ position: 2, item: expect.objectContaining({ offers: expect.objectContaining({ priceCurrency: 'KES' }) }) }),
    ]);
  });

  it('gives a breadcrumb trail', () => {
    expect(breadcrumbJsonLd([{ label: 'Home', to: '/' }, { label: 'Prado' }], site.publicUrl).itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://cars.example/' },
      { '@type': 'ListItem', position: 2, name: 'Prado' },
    ]);
  });
});
