// The public pages arrive rendered by the server (docs/architecture.md, "Server-side rendering"): a crawler or a
// phone without the code yet gets the page's content, title, description and structured data in
// the first answer, and the browser takes that page over without redrawing it.
import type { Route } from '@playwright/test';
import { atWidths, DESKTOP, expect, PHONE, test } from '../support/fixtures';

const formatKes = (price: number) => price.toLocaleString('en-KE');

test.describe('server-rendered public pages', () => {
  test('each public page answers with its content, head and data in the HTML', async ({ request, apiCars, apiBrands }) => {
    const car = apiCars[0];
    const brand = apiBrands.find((b) => b.slug === 'toyota') ?? apiBrands[0];
    const pages = [
      { path: '/', title: /^Mombasa Car Dealership \| /, text: ['Latest Cars', apiCars[0].name] },
      { path: '/cars', title: /^Premium Cars for Sale in Mombasa, Kenya/, text: [car.name] },
      {
        path: `/car/${car.slug}`,
        title: new RegExp(`${car.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} for Sale in Mombasa`),
        text: [`${car.name}</h1>`, formatKes(car.price)],
      },
      { path: '/brands', title: /^Premium Car Brands Available in Kenya/, text: [brand.name] },
      { path: `/brand/${brand.slug}`, title: new RegExp(`^${brand.name} Vehicles in Kenya`), text: [`${brand.name} Vehicles in Kenya</h1>`] },
      { path: '/about', title: /^About Us \| Mombasa Car Dealership/, text: ['About Us</h1>'] },
    ];
    for (const page of pages) {
      const response = await request.get(page.path);
      expect(response.status(), page.path).toBe(200);
      const html = await response.text();
      const head = html.slice(0, html.indexOf('</head>'));
      const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1].replace(/&amp;/g, '&'));
      expect(titles, page.path).toHaveLength(1);
      expect(titles[0], page.path).toMatch(page.title);
      expect(head.match(/<meta name="description" content="[^"]{20,}"\/>/g), page.path).toHaveLength(1);
      expect(head, page.path).toContain('<link rel="canonical" href="');
      // No stylesheet blocks the first paint: the CSS is inline, each named by a disabled link (never fetched).
      const links = [...head.matchAll(/<link rel="stylesheet"[^>]*>/g)].map(([link]) => link);
      expect(links.length, page.path).toBeGreaterThan(0);
      expect(
        links.filter((link) => !/^<link rel="stylesheet" href="\/assets\/[^"]+\.css" disabled>$/.test(link)),
        page.path,
      ).toEqual([]);
      const root = html.slice(html.indexOf('<div id="root">'));
      // A name's hyphenated words are spans of their own (kept whole on a phone): read the text around them.
      const shown = root.replace(/<\/?span[^>]*>/g, '');
      for (const text of page.text) expect(shown, `${page.path} shows ${text}`).toContain(text);
      expect(root, page.path).toContain('<script type="application/ld+json">');
      expect(root, page.path).toContain('<script id="page-state" type="application/json">');
    }
  });

  atWidths({ desktop: DESKTOP, phone: PHONE }, () => {
    test('once the code runs, the inlined styles are not fetched again and nothing moves', async ({ context, request }) => {
      // Three pages, each held until painted: about 10 s on a quiet machine.
      test.setTimeout(90_000);
      // A page of the test's context without the fixture's wait after each load: this test decides when the page's late parts arrive.
      const page = await context.newPage();
      // What the page loads after its HTML (the deferred parts' and lazy strips' chunks, the strips'
      // data) is held until the server's page has been painted, then let go: it always arrives late,
      // as on a slow phone, so a part that moves the page when it comes moves it on every run.
      let inHtml = new Set<string>();
      let holding = false;
      const held: Route[] = [];
      await page.route(
        (url) => url.pathname.startsWith('/trpc/') || (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js') && !inHtml.has(url.pathname)),
        (route) => (holding ? held.push(route) : route.continue()),
      );
      const fetched: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('.css')) fetched.push(new URL(request.url()).pathname);
      });
      await page.addInitScript(() => {
        // Each shift with what moved (tag, class, text, from and to), so a failure says which element it was.
        const shifts: { value: number; moved: string[] }[] = [];
        Object.assign(window, { shifts });
        type Shift = PerformanceEntry & { value: number; sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
        const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            const moved = (entry.sources ?? []).map(({ node, previousRect, currentRect }) => {
              const element = node instanceof Element ? node : node?.parentElement;
              return `${element?.tagName ?? '?'}.${element?.className ?? ''} "${(element?.textContent ?? '').slice(0, 40)}" ${rect(previousRect)} -> ${rect(currentRect)}`;
            });
            shifts.push({ value: entry.value, moved });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      for (const path of ['/', '/cars', '/brand/toyota']) {
        fetched.length = 0;
        // The chunks the server's HTML names (the entry, the page's own, their module preloads) come at once.
        inHtml = new Set(Array.from((await (await request.get(path)).text()).matchAll(/\/assets\/[^"'\s]+\.js/g), ([asset]) => asset));
        holding = true;
        await page.goto(path, { waitUntil: 'commit' });
        await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
        holding = false;
        await Promise.all(held.splice(0).map((route) => route.continue()));
        await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
        await page.locator('[data-deferred]:not([data-hydrated])').first().waitFor({ state: 'detached' });
        await page.waitForLoadState('networkidle');
        const inlined = await page.locator('head link[rel="stylesheet"][disabled]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
        expect(inlined.length, path).toBeGreaterThan(0);
        // Vite's chunk loader sees them named: fetched again, the entry's (Mantine's) rules came last and overrode the page's.
        expect(
          fetched.filter((css) => inlined.includes(css)),
          path,
        ).toEqual([]);
        const shifts = await page.evaluate(() => (window as unknown as { shifts: { value: number; moved: string[] }[] }).shifts);
        expect(shifts, path).toEqual([]);
      }
    });
  });

  test('a missing car answers 404 with its not-found page already rendered', async ({ request }) => {
    const response = await request.get('/car/no-such-car-anywhere');
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain('<title>Car Not Found | Mombasa Car Dealership</title>');
    expect(html).toContain('Car Not Found</h1>');
  });

  test('the cart, sign-in and dashboards still render in the browser', async ({ request }) => {
    for (const path of ['/cart', '/login', '/dashboard/admin']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).not.toContain('page-state');
    }
  });

  test('without JavaScript a visitor still reads the car page and follows its links', async ({ browser, apiCars }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const car = apiCars[0];
    await page.goto(`/car/${car.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: car.name })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`${car.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} for Sale in Mombasa`));
    await page.getByRole('link', { name: 'Cars', exact: true }).first().click();
    await expect(page).toHaveURL(/\/cars$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.close();
  });

  test('the browser takes each page over without redrawing it, without a console error, and it works', async ({ page, pageProblems, apiCars, apiBrands }) => {
    const car = apiCars[0];
    const brand = apiBrands.find((b) => b.slug === 'toyota') ?? apiBrands[0];
    // React replaces the server's nodes when hydration fails: the node seen at first parse must survive.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { __firstMain: Element | null }).__firstMain = document.querySelector('#root main');
      });
    });
    for (const path of ['/', '/cars', `/car/${car.slug}`, '/brands', `/brand/${brand.slug}`, '/about', '/contact', '/services']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const kept = await page.evaluate(() => {
        const first = (window as unknown as { __firstMain: Element | null }).__firstMain;
        return first !== null && first === document.querySelector('#root main');
      });
      expect(kept, `${path} hydrated in place`).toBe(true);
    }
    // Hydrated, the page responds: the favourites button of the car page works.
    await page.goto(`/car/${car.slug}`);
    await page.getByRole('button', { name: 'Save to Favourites' }).click();
    await expect(page.getByText('Added To Cart Successfully')).toBeVisible();
    await page.evaluate(() => window.localStorage.clear());
    expect(pageProblems).toEqual([]);
  });

  test('the lead forms of /services and /contact arrive styled with the page, and their code, which comes after it, takes them over in place', async ({
    browser,
    page,
    pageProblems,
  }) => {
    const forms = [
      { path: '/services', name: 'Import request', field: 'Budget (KES)' },
      { path: '/services', name: 'Trade-in estimate', field: 'Mileage (km)' },
      { path: '/contact', name: 'Send us a message', field: 'Phone' },
    ];
    /** The form's box and one of its inputs' look: what a form without its styles would change. */
    const looks = async (form: ReturnType<typeof page.getByRole>, field: string) => ({
      box: await form.boundingBox(),
      input: await form.getByRole('textbox', { name: field, exact: true }).evaluate((input) => {
        const style = getComputedStyle(input);
        return { height: style.height, border: style.borderTopWidth, radius: style.borderTopLeftRadius, padding: style.paddingLeft };
      }),
    });
    // As the server sends them: no code at all.
    const bare = await browser.newContext({ javaScriptEnabled: false });
    const bareView = await bare.newPage();
    const served = [];
    for (const { path, name, field } of forms) {
      await bareView.goto(path);
      served.push(await looks(bareView.getByRole('form', { name }), field));
      // Not sent by the browser before its code runs (the buyer's number would be in the address):
      // a plain button until then, whose tap the page holds for its code (typed-before-code.e2e.ts).
      await expect(bareView.getByRole('form', { name }).getByRole('button').last()).toHaveAttribute('type', 'button');
    }
    await bare.close();

    for (const [index, { path, name, field }] of forms.entries()) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const form = page.getByRole('form', { name });
      const hydrated = await looks(form, field);
      expect(hydrated.input, `${name} on ${path} as served`).toEqual(served[index].input);
      // Within a pixel or two: an autosized text area measures itself once its code runs; a form without its styles moves by hundreds.
      for (const side of ['x', 'y', 'width', 'height'] as const) {
        expect(Math.abs((hydrated.box?.[side] ?? 0) - (served[index].box?.[side] ?? -99)), `${name} on ${path}: ${side}`).toBeLessThan(2);
      }
      expect(served[index].input.radius, `${name} on ${path} is styled`).not.toBe('0px');
      // Taken over: the form validates in the browser instead of submitting the page.
      await form.getByRole('button').last().click();
      await expect(form.getByText(/is required/).first()).toBeVisible();
      expect(page.url()).toMatch(new RegExp(`${path}$`));
    }
    expect(pageProblems).toEqual([]);
  });
});
