import slugifyLib from 'slugify';

/**
 * The slug of a name as the legacy site made it: `slugify(name)` lowercased
 * ("Mercedes & Benz" -> "mercedes-and-benz"). Punctuation the legacy slugs kept
 * ('.', '(', ':' ...) becomes a separator so every slug is URL-safe.
 */
export function slugify(name: string): string {
  const spaced = name.replace(/[.()'"!:@*+~$_/\\,]+/g, ' ');
  return slugifyLib(spaced, { lower: true, strict: true, trim: true });
}

/**
 * The first slug not in `taken`: `base`, then `base-2`, `base-3` ...
 * `taken` holds the existing slugs that start with `base`.
 */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  const root = base || 'item';
  if (!taken.has(root)) return root;
  for (let n = 2; ; n++) {
    const candidate = `${root}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
