import { slugify, uniqueSlug } from './slug';

describe('slugify', () => {
  it.each([
    ['Mercedes & Benz', 'mercedes-and-benz'],
    ['Toyota Land Cruiser V8', 'toyota-land-cruiser-v8'],
    ['  Subaru   Forester  ', 'subaru-forester'],
    ['Mazda CX-5 2.5 (2019)', 'mazda-cx-5-2-5-2019'],
    ['Škoda Octavia', 'skoda-octavia'],
  ])('%s -> %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('never yields characters outside [a-z0-9-]', () => {
    expect(slugify(`Odd "name" with % _ .* ( symbols!`)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe('uniqueSlug', () => {
  it('keeps a free slug and suffixes a taken one', () => {
    expect(uniqueSlug('toyota-vitz', new Set())).toBe('toyota-vitz');
    expect(uniqueSlug('toyota-vitz', new Set(['toyota-vitz']))).toBe('toyota-vitz-2');
    expect(uniqueSlug('toyota-vitz', new Set(['toyota-vitz', 'toyota-vitz-2']))).toBe('toyota-vitz-3');
  });

  it('falls back to a placeholder for a name with no letters or digits', () => {
    expect(uniqueSlug(slugify('***'), new Set())).toBe('item');
  });
});
