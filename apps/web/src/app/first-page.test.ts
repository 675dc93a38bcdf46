import { firstPageChunk } from './first-page';

function boot(attributes: Record<string, string>): void {
  const script = document.createElement('script');
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.head.append(script);
}

describe('firstPageChunk', () => {
  afterEach(() => document.head.replaceChildren());

  it("is the chunk boot.js names for the server-rendered page, for that page's module only", () => {
    boot({ 'data-entry': '/assets/index-A.js', 'data-page-module': 'src/pages/CarsPage.tsx', 'data-page': '/assets/CarsPage-F.js' });
    expect(firstPageChunk('src/pages/CarsPage.tsx')).toBe('/assets/CarsPage-F.js');
    expect(firstPageChunk('src/pages/HomePage.tsx')).toBeUndefined();
  });

  it('is undefined for a page rendered in the browser (no boot.js) and for a file outside the build', () => {
    expect(firstPageChunk('src/pages/CarsPage.tsx')).toBeUndefined();
    boot({ 'data-entry': '/assets/index-A.js', 'data-page-module': 'src/pages/CarsPage.tsx', 'data-page': 'https://elsewhere.example/x.js' });
    expect(firstPageChunk('src/pages/CarsPage.tsx')).toBeUndefined();
  });
});
