// zod/mini keeps the validator in the entry chunk small (the full API is ~20 kB gzip more).
import * as z from 'zod/mini';

/** Runtime configuration the server injects into index.html as `<script id="app-config">`. */
export const AppConfigSchema = z.object({
  dealerPhone: z.string().check(z.trim(), z.minLength(1)),
  publicUrl: z.url(),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;

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
  const parsed = AppConfigSchema.safeParse(data);
  if (!parsed.success) {
    console.error('app-config: injected configuration is invalid; using defaults', z.prettifyError(parsed.error));
    return fallback;
  }
  // Canonical URLs are built as `${publicUrl}/path`.
  return { ...parsed.data, publicUrl: parsed.data.publicUrl.replace(/\/+$/, '') };
}
