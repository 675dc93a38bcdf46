// Imported first by main.tsx, before any other module runs: makes the libraries that add styles or
// probe for `eval` keep to the page's Content-Security-Policy (docs/security.md, "Headers").
import { readStyleNonce } from './csp-nonce';

// zod (in the form chunks) compiles object parsers with `new Function` where it may; its probe for
// that is refused by `script-src 'self'` and reported as a violation, although zod then falls back.
// `jitless` skips the probe. zod keeps its config in this global, shared by every copy of zod;
// setting it here rather than through `z.config` keeps zod (3.5 kB gzip) out of the entry chunk.
// csp-setup.test.ts checks that zod reads it.
const zodConfig = ((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {});
zodConfig.jitless = true;

// react-remove-scroll (Mantine's Drawer and Modal) adds a `<style>` element with the nonce it gets
// from get-nonce, which reads webpack's `__webpack_nonce__` global when nobody has called its setter.
const nonce = readStyleNonce(document);
if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
