/**
 * Settings of every pooled session the app opens on a PostgreSQL server, sent in the startup
 * packet's `options`. JIT off: every query here is a short OLTP one, but a page of cars with its
 * pictures and brand is costed just above `jit_above_cost` (the lateral joins' estimates), and
 * compiling it took ~95 ms of a 9 ms query at 100,000 cars (the streamed legacy search runs 1,000
 * such batches per request; docs/speed.md). The embedded engine has no JIT.
 */
export const SESSION_OPTIONS = '-c jit=off';

/**
 * The node-postgres connection settings for `url` with our session options: node-postgres lets an
 * `options` parameter in the address replace the one it is given, so one there (an operator's
 * `?options=-c search_path=...`) is taken out of the address and kept before ours.
 */
export function sessionConnection(url: string): { connectionString: string; options: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Not a URL (a bare socket path, say): node-postgres reads it in its own way; left whole.
    return { connectionString: url, options: SESSION_OPTIONS };
  }
  const theirs = parsed.searchParams.get('options')?.trim();
  if (!theirs) return { connectionString: url, options: SESSION_OPTIONS };
  parsed.searchParams.delete('options');
  return { connectionString: parsed.toString(), options: `${theirs} ${SESSION_OPTIONS}` };
}
