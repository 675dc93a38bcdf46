/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Dealer phone for the dev server when the server-injected config is absent. */
  readonly VITE_DEALER_PHONE?: string;
  /** Public site origin for the dev server when the server-injected config is absent. */
  readonly VITE_PUBLIC_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
