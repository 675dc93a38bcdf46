/** `text` cut to `max` characters with `suffix` appended when it was longer. */
export function truncate(text: string, max: number, suffix = '...'): string {
  return text.length > max ? `${text.slice(0, max)}${suffix}` : text;
}

/** Text for a meta description: whitespace folded, cut to `max` characters. */
export function metaDescription(text: string, max = 160): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, max);
}
