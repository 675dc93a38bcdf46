/** Runtime configuration the server injects into index.html as `<script id="app-config">`. */
export interface AppConfig {
  /** The dealer's public phone number, shown and dialled everywhere. */
  dealerPhone: string;
  /** Absolute origin of the public site (canonical and Open Graph URLs), without a trailing slash. */
  publicUrl: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAbsoluteHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

// A hand-written check rather than a zod schema: this runs in the entry chunk of every page, and
// keeping zod out of it keeps about 14 kB of gzipped JavaScript off the first load.
/** The problems of an injected configuration, empty when it is valid. */
export function appConfigProblems(data: unknown): string[] {
  if (!isRecord(data)) return ['the configuration is not an object'];
  const problems: string[] = [];
  if (typeof data['dealerPhone'] !== 'string' || data['dealerPhone'].trim() === '') {
    problems.push('dealerPhone must be a non-empty string');
  }
  if (typeof data['publicUrl'] !== 'string' || !isAbsoluteHttpUrl(data['publicUrl'])) {
    problems.push('publicUrl must be an absolute http(s) URL');
  }
  return problems;
}

/** The id of the JSON script element holding the runtime configuration. */
export const APP_CONFIG_ELEMENT_ID = 'app-config';

/**
 * The configuration from the injected JSON text, or `fallback` when there is none (vite dev
 * server without the plugin, tests) or it does not match the schema.
 */
export function parseAppConfig(json: string | null | undefined, fallback: AppConfig): AppConfig {
  if (!json?.trim()) return fallback;
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    console.error('app-config: injected configuration is not valid JSON; using defaults');
    return fallback;
  }
  const problems = appConfigProblems(data);
  if (problems.length > 0 || !isRecord(data)) {
    console.error('app-config: injected configuration is invalid; using defaults', problems.join('; '));
    return fallback;
  }
  // Canonical URLs are built as `${publicUrl}/path`.
  return {
    dealerPhone: String(data['dealerPhone']).trim(),
    publicUrl: String(data['publicUrl']).replace(/\/+$/, ''),
  };
}
