/** Where the server puts each page's style nonce (Vite's convention for `html.cspNonce`). */
export const CSP_NONCE_SELECTOR = 'meta[property="csp-nonce"]';

/**
 * The style nonce of this page, or undefined when the page has none. Browsers hide the `nonce`
 * attribute from the DOM once a Content-Security-Policy header applies (so CSS selectors cannot
 * read it); the `nonce` property keeps the value.
 */
export function readStyleNonce(doc: Document): string | undefined {
  const element = doc.querySelector<HTMLElement>(CSP_NONCE_SELECTOR);
  return element?.nonce || element?.getAttribute('nonce') || undefined;
}
