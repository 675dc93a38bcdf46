import { DEFAULT_DUTY_RATES } from '@dealership/setting-schemas';
import type { FakeApi } from '@dealership/web-trpc-client/testing';
import { makeBrand, makeCar } from '@dealership/web-ui/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderPage } from '../../testing';
import { HomePage } from './Home.page';

const brands = Array.from({ length: 10 }, (_, i) => makeBrand({ name: `Brand ${i + 1}`, slug: `brand-${i + 1}` }));
const cars = Array.from({ length: 8 }, (_, i) => makeCar({ name: `Car ${i + 1}`, slug: `car-${i + 1}` }));

const api: FakeApi = (procedure) => {
  if (procedure === 'brand.list') return { data: brands };
  if (procedure === 'car.latest') return { data: cars };
  if (procedure === 'car.featured') return { data: cars.slice(0, 5) };
  return { data: null };
};

describe('HomePage', () => {
  it('has the hero with the inventory button and search, and asks for everything in one batch', async () => {
    const { calls } = renderPage(<HomePage />, { api });
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Our Inventory' })).toHaveAttribute('href', '/cars');
    expect(screen.getByRole('search', { name: 'Search cars' })).toBeInTheDocument();
    await screen.findAllByRole('article');
    expect(new Set(calls.map((c) => c.batch)).size).toBe(1);
    expect(calls.map((c) => c.procedure).sort()).toEqual(['brand.list', 'car.featured', 'car.latest']);
  });

  it('has the about section with the featured carousel and its two links', async () => {
    renderPage(<HomePage />, { api });
    const about = within(screen.getByRole('region', { name: /Trusted Car Dealership/ }));
    expect(about.getByRole('link', { name: 'Explore Our Inventory' })).toHaveAttribute('href', '/cars');
    expect(about.getByRole('link', { name: 'Visit Our Showroom' })).toHaveAttribute('href', '/contact');
    expect(await about.findByRole('region', { name: 'Featured cars' })).toBeInTheDocument();
    const claims = screen.getByRole('region', { name: /Quality Cars You Can Trust/ });
    for (const claim of ['100%', '10+', '500+']) expect(within(claims).getByText(claim)).toBeInTheDocument();
  });

  it('shows the first 8 brands as links to their pages and View More', async () => {
    renderPage(<HomePage />, { api });
    const section = within(screen.getByRole('region', { name: 'Shop by Brand' }));
    expect(await section.findByRole('link', { name: 'Brand 1' })).toHaveAttribute('href', '/brand/brand-1');
    expect(section.getAllByRole('link', { name: /^Brand \d+$/ })).toHaveLength(8);
    expect(section.getByRole('link', { name: 'View More brands' })).toHaveAttribute('href', '/brands');
  });

  it('shows the 8 latest cars and View More', async () => {
    renderPage(<HomePage />, { api });
    const section = within(screen.getByRole('region', { name: 'Latest Cars' }));
    expect(await section.findAllByRole('article')).toHaveLength(8);
    expect(section.getByRole('link', { name: 'View More' })).toHaveAttribute('href', '/cars');
  });

  it("answers the 5 FAQ questions, with the duty calculator's rates, and shows the 3 features", () => {
    renderPage(<HomePage />, { api });
    const faq = screen.getByRole('region', { name: 'Frequently Asked Questions' });
    expect(faq.querySelectorAll('details')).toHaveLength(5);
    const text = faq.textContent ?? '';
    // The import-cost answer says what the calculator's first rate set charges (not the spec's 25% and 2.25%, which it contradicted).
    const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;
    const { importDuty, exciseSmall, exciseMid, exciseLarge, vat, idf, rdl } = DEFAULT_DUTY_RATES;
    for (const figure of [
      `import duty of ${percent(importDuty)}`,
      `excise duty of ${percent(exciseSmall)} for most passenger vehicles`,
      `${percent(exciseMid)} or ${percent(exciseLarge)} for larger engines`,
      `VAT of ${percent(vat)} of the customs value plus duties`,
      `(IDF) of ${percent(idf)}`,
      `(RDL) of ${percent(rdl)}`,
      '150-point inspection',
      '2-3 working days',
    ]) {
      expect(text).toContain(figure);
    }
    const features = within(screen.getByRole('region', { name: 'Buy With Confidence' }));
    expect(features.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Secure Payments',
      'Detailed 360-Degree Views',
      'Efficient Import Process',
    ]);
  });

  it('describes the dealer in JSON-LD with the home opening hours', () => {
    renderPage(<HomePage />, { api });
    const ld = JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}');
    expect(ld).toMatchObject({ '@type': 'AutoDealer', telephone: '+254 711 222 333', openingHours: 'Mo-Sa 08:00-17:00' });
    expect(ld.address).toMatchObject({ addressLocality: 'Mombasa', addressCountry: 'KE' });
  });
});

describe('HomePage recently viewed', () => {
  beforeEach(() => window.localStorage.clear());

  it('lists the cars this browser opened, newest first, and clears them', async () => {
    window.localStorage.setItem(
      'recentlyViewed',
      JSON.stringify([
        { slug: 'toyota-harrier', name: 'Toyota Harrier', price: 4_200_000, year: 2018 },
        { slug: 'mazda-cx-5', name: 'Mazda CX-5', price: 3_100_000, year: 2017 },
      ]),
    );
    renderPage(<HomePage />, { api });
    const recent = within(await screen.findByRole('region', { name: 'Recently viewed' }));
    const links = recent.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/car/toyota-harrier', '/car/mazda-cx-5']);
    expect(links[0]).toHaveTextContent('2018 Toyota HarrierKES 4,200,000');
    fireEvent.click(recent.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('region', { name: 'Recently viewed' })).not.toBeInTheDocument();
  });

  it('shows nothing of it to a first-time visitor', async () => {
    renderPage(<HomePage />, { api });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Recently viewed' })).not.toBeInTheDocument();
  });
});
