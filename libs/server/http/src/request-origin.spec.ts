import { sourcePageOf, userAgentOf } from './request-origin';

const request = (referer: string | undefined, host = 'dealer.example') => ({ headers: { referer, 'user-agent': 'Mozilla/5.0' }, host });

describe('sourcePageOf', () => {
  it("is the path of this site's page the request came from, without its query or hash", () => {
    expect(sourcePageOf(request('https://dealer.example/car/toyota-prado-2019?from=home#ask'))).toBe('/car/toyota-prado-2019');
    expect(sourcePageOf(request('http://localhost:3000/financing', 'localhost:3000'))).toBe('/financing');
  });

  it("ignores another site's page, no Referer and a Referer that is not an address", () => {
    expect(sourcePageOf(request('https://elsewhere.example/car/x'))).toBeUndefined();
    expect(sourcePageOf(request(undefined))).toBeUndefined();
    expect(sourcePageOf(request('not a url'))).toBeUndefined();
  });

  it('keeps at most 200 characters of the path', () => {
    expect(sourcePageOf(request(`https://dealer.example/${'a'.repeat(500)}`))).toHaveLength(200);
  });
});

describe('userAgentOf', () => {
  it('is the header, cut to 500 characters', () => {
    expect(userAgentOf({ headers: { 'user-agent': 'x'.repeat(900) } })).toHaveLength(500);
    expect(userAgentOf({ headers: {} })).toBeUndefined();
  });
});
