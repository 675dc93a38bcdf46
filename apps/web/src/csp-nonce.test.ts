import { readStyleNonce } from './csp-nonce';

describe('readStyleNonce', () => {
  afterEach(() => document.head.replaceChildren());

  it('reads the nonce the server put in the page', () => {
    document.head.innerHTML = '<meta property="csp-nonce" nonce="r4nd0m-N0nce_" />';
    expect(readStyleNonce(document)).toBe('r4nd0m-N0nce_');
  });

  it('reads the property when the browser has hidden the attribute', () => {
    document.head.innerHTML = '<meta property="csp-nonce" />';
    const meta = document.head.querySelector('meta') as HTMLMetaElement;
    Object.defineProperty(meta, 'nonce', { value: 'hidden-from-the-dom' });
    expect(readStyleNonce(document)).toBe('hidden-from-the-dom');
  });

  it('is undefined without the element (the Vite dev server) or with an empty nonce', () => {
    expect(readStyleNonce(document)).toBeUndefined();
    document.head.innerHTML = '<meta property="csp-nonce" nonce="" />';
    expect(readStyleNonce(document)).toBeUndefined();
  });
});
