// jsdom lacks a few browser APIs that React Router 7 and Mantine use.
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// Tests of server rendering run in Node's environment (`@jest-environment node`): no DOM to patch.
const inBrowser = typeof window !== 'undefined';

if (inBrowser && !window.matchMedia) {
  window.matchMedia = (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

class ResizeObserverPolyfill {
  observe() {
    return undefined;
  }
  unobserve() {
    return undefined;
  }
  disconnect() {
    return undefined;
  }
}
Object.assign(globalThis, { ResizeObserver: globalThis.ResizeObserver ?? ResizeObserverPolyfill });
if (inBrowser) {
  Element.prototype.scrollIntoView = Element.prototype.scrollIntoView ?? (() => undefined);
  window.scrollTo = () => undefined;
}

// The first lazy import of a page module is transpiled on demand; on a loaded two-core CI machine
// that can take longer than Testing Library's 1 s default for findBy* and waitFor.
configure({ asyncUtilTimeout: 5000 });
