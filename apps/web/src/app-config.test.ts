import { parseAppConfig } from './app-config';

const fallback = { dealerPhone: '+254 700 000 000', publicUrl: 'http://localhost:4200' };

describe('parseAppConfig', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('reads the configuration the server injects', () => {
    expect(parseAppConfig('{"dealerPhone":"+254 711 000 000","publicUrl":"https://cars.example/"}', fallback)).toEqual({
      dealerPhone: '+254 711 000 000',
      publicUrl: 'https://cars.example',
    });
  });

  it('falls back when there is no injected configuration (vite dev server)', () => {
    expect(parseAppConfig(undefined, fallback)).toBe(fallback);
    expect(parseAppConfig('', fallback)).toBe(fallback);
  });

  it('falls back on malformed or invalid configuration', () => {
    expect(parseAppConfig('{not json', fallback)).toBe(fallback);
    expect(parseAppConfig('{"dealerPhone":"","publicUrl":"nope"}', fallback)).toBe(fallback);
    expect(console.error).toHaveBeenCalledTimes(2);
  });
});
