/**
 * @jest-environment node
 */
import { DEFAULT_OPENING_HOURS, defaultSiteContent, hoursInWords } from '@dealership/content-schemas';
import { callsOf, createFakeTrpcFetch, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { makeBrand, makeCar } from '@dealership/web-ui/testing';
import { httpBatchLink, type TRPCLink } from '@trpc/client';
import type { AppRouter } from '@dealership/app-router';
import { observable } from '@trpc/server/observable';
import { render, type RenderOptions } from './entry-server';

const toyota = makeBrand({ name: 'Toyota', slug: 'toyota' });
const brandRef = { id: toyota.id, name: toyota.name, slug: toyota.slug, images: toyota.images };
const prado = makeCar({ name: 'Toyota Land Cruiser Prado TX-L', slug: 'prado-tx-l', price: 7_600_000, year: 2019, brand: brandRef });
const harrier = makeCar({ name: 'Toyota Harrier Premium', slug: 'harrier', price: 4_100_000, year: 2020, brand: brandRef });

/** The staff's content: Saturday's hours and the phone edited. */
const editedHours = { ...DEFAULT_OPENING_HOURS, saturday: { closed: false, open: '09:00', close: '15:30' } };
const siteContent = {
  ...defaultSiteContent('+254 722 999 000'),
  hours: editedHours,
  ...hoursInWords(editedHours),
  version: 3,
  updatedAt: '2026-11-28T08:00:00.000Z',
};

const api: FakeApi = (procedure, input) => {
  if (procedure === 'car.bySlug')
    return (input as { slug: string }).slug === prado.slug ? { data: prado } : { error: { code: 'NOT_FOUND', message: 'Car not found' } };
  if (procedure === 'car.related') return { data: [harrier] };
  if (procedure === 'car.spin') return { data: { frames: [] } };
  if (procedure === 'brand.list') return { data: [toyota] };
  if (procedure === 'content.current') return { data: siteContent };
  return { data: null };
};

function options(calls: FakeCall[]): RenderOptions {
  const { fetch } = createFakeTrpcFetch(api, { calls });
  return {
    config: { dealerPhone: '+254 711 000 111', publicUrl: 'https://cars.example' },
    styleNonce: 'n0nce',
    trpcLink: httpBatchLink({ url: 'http://server.test/trpc', fetch }),
  };
}

describe('render (the server entry)', () => {
  it('renders a car page with the data of every query it asks for, dependent ones included, and hands the data over', async () => {
    const calls: FakeCall[] = [];
    const page = await render('/car/prado-tx-l?ref=share', options(calls));
    if (!page) throw new Error('the car page is server-rendered');

    expect(page.pageModule).toBe('src/pages/CarDetailPage.tsx');
    // Title, description and canonical link go to <head>; the markup holds none of them.
    expect(page.head).toContain('<title>2019 Toyota Land Cruiser Prado TX-L for Sale in Mombasa | Mombasa Car Dealership</title>');
    expect(page.head).toContain('<link rel="canonical" href="https://cars.example/car/prado-tx-l"/>');
    expect(page.head).toMatch(/<link rel="preload" as="image"[^>]*fetchPriority="high"/);
    expect(page.body).not.toContain('<title>');
    // The model's hyphenated word is kept whole on a phone (a span of its own).
    expect(page.body).toMatch(/Toyota Land Cruiser Prado <span class="[^"]+">TX-L<\/span><\/h1>/);
    expect(page.body).toMatch(/KES (<!-- -->)?7,600,000/);
    // The related cars need the car's brand: the second render asked for them, the third showed them.
    expect(page.body).toContain('Toyota Harrier Premium');
    expect(callsOf(calls, 'car.bySlug')).toHaveLength(1);
    expect(callsOf(calls, 'car.related')).toEqual([expect.objectContaining({ input: { carId: prado.id, brandId: toyota.id } })]);
    // Mantine's <style> elements carry the page's nonce.
    expect(page.body).toContain('nonce="n0nce"');
    // No inline script: the page's policy refuses them.
    expect(page.body).not.toMatch(/<script(?![^>]*type="application\/(ld\+)?json")/);

    const state = JSON.parse(page.state) as { queries: { queryKey: unknown; state: { status: string; data?: { name?: string } } }[] };
    // The car, its related cars, its 360-degree view (none here: no "View in 360°" button), the site content (the footer's)
    // and what other parts of the page ask for: each handed over with its data.
    expect(callsOf(calls, 'car.spin')).toEqual([expect.objectContaining({ input: { carId: prado.id } })]);
    expect(state.queries.length).toBeGreaterThanOrEqual(4);
    expect(state.queries.filter((query) => query.state.status !== 'success')).toEqual([]);
    expect(state.queries.find((query) => JSON.stringify(query.queryKey).includes('bySlug'))?.state.data?.name).toBe(prado.name);
  });

  it('renders a missing car as its not-found page, the error handed over as code and message only', async () => {
    const page = await render('/car/no-such-car', options([]));
    expect(page?.body).toContain('Car Not Found');
    const all = (JSON.parse(page?.state ?? '{}') as { queries: { queryKey: unknown; state: { status: string; error: unknown } }[] }).queries;
    const queries = all.filter((query) => JSON.stringify(query.queryKey).includes('bySlug'));
    expect(queries).toHaveLength(1);
    expect(queries[0].state.status).toBe('error');
    expect(queries[0].state.error).toEqual({
      name: 'TRPCClientError',
      message: 'Car not found',
      data: expect.objectContaining({ code: 'NOT_FOUND', httpStatus: 404 }),
    });
  });

  it('renders the site content the staff keep: the footer, the about page and the structured data', async () => {
    const about = await render('/about', options([]));
    // The footer and the about page's table state the edited hours; the phone is the edited one.
    expect(about?.body).toContain('Mon-Fri 08:00-17:00 and Sat 09:00-15:30');
    expect(about?.body).toMatch(/Saturday<\/dt><dd[^>]*>09:00-15:30/);
    expect(about?.body).toContain('+254 722 999 000');
    expect(about?.head + (about?.body ?? '')).toContain('"opens":"09:00","closes":"15:30"');
    const home = await render('/', options([]));
    expect(home?.head + (home?.body ?? '')).toContain('"openingHours":["Mo-Fr 08:00-17:00","Sa 09:00-15:30"]');
    expect(home?.body).toContain(siteContent.faq[0].question);
  });

  it('keeps the code of an error made by another copy of tRPC (the server’s CommonJS build)', async () => {
    // What the server's link emits for a missing car: an error of a class this bundle does not know.
    class ForeignClientError extends Error {
      readonly shape = { message: 'Car not found', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404, path: 'car.bySlug' } };
    }
    const foreignLink: TRPCLink<AppRouter> = () => () => observable((observer) => observer.error(new ForeignClientError('Car not found') as never));
    const page = await render('/car/gone', { ...options([]), trpcLink: foreignLink });
    expect(page?.body).toContain('Car Not Found');
    expect(page?.head).toContain('<title>Car Not Found | Mombasa Car Dealership</title>');
  });

  it('renders a page with only the site content, and a path of no route as the not-found page', async () => {
    const calls: FakeCall[] = [];
    const about = await render('/about', options(calls));
    expect(about?.body).toContain('About Us</h1>');
    expect(about?.head).toContain('<title>About Us | Mombasa Car Dealership</title>');
    expect(calls.map((call) => call.procedure)).toEqual(['content.current']);
    expect((await render('/no/such/page', options([])))?.pageModule).toBe('src/pages/NotFoundPage.tsx');
  });

  it('renders the deferred lead forms with the page and names them, for the server to inline their styles', async () => {
    const services = await render('/services', options([]));
    expect(services?.pageModule).toBe('src/pages/ServicesPage.tsx');
    expect(services?.body).toContain('aria-label="Import request"');
    expect(services?.body).toContain('aria-label="Trade-in estimate"');
    // Every page's footer is deferred too (libs/web/ui Layout).
    const footer = 'libs/web/ui/src/lib/Footer/Footer.tsx';
    expect(services?.deferredChunks.sort()).toEqual(['libs/lead/web/src/lib/import/ImportRequestForm.tsx', 'libs/lead/web/src/lib/trade-in/TradeInForm.tsx', footer]);
    const contact = await render('/contact', options([]));
    expect(contact?.body).toContain('Send us a message');
    expect(contact?.deferredChunks.sort()).toEqual(['libs/lead/web/src/lib/enquiry/EnquiryForm.tsx', footer]);
    const about = await render('/about', options([]));
    expect(about?.deferredChunks).toEqual([footer]);
    expect(about?.body).toContain('Quick Links');
  });

  it('leaves the visitor’s own pages to the browser: cart, sign-in, dashboards', async () => {
    for (const url of ['/cart', '/login', '/register', '/dashboard/admin', '/dashboard/admin/cars', '/dashboard/user/order']) {
      expect(await render(url, options([]))).toBeUndefined();
    }
  });
});
