/**
 * React 19 renders the elements a page hoists (`<title>`, `<meta>`, `<link>`, and the preloads it
 * adds for the first images) ahead of the markup when it renders a subtree rather than a whole
 * document. They belong in the document's `<head>`; this splits them off. React escapes `<` and
 * `>` in text and attribute values, so each of them is one match of these patterns.
 */
const HOISTED = /^(?:<link\b[^<>]*\/>|<meta\b[^<>]*\/>|<title>[^<>]*<\/title>)/;

export interface SplitMarkup {
  /** The hoisted elements, for the document's head. */
  head: string;
  /** The markup of the app itself, for `#root`. */
  body: string;
}

export function splitHoisted(html: string): SplitMarkup {
  let rest = html;
  const head: string[] = [];
  for (let match = HOISTED.exec(rest); match; match = HOISTED.exec(rest)) {
    head.push(match[0]);
    rest = rest.slice(match[0].length);
  }
  return { head: head.join(''), body: rest };
}
