import { z } from 'zod';

/**
 * C0 controls except tab, line feed and carriage return, DEL, and the C1 controls. PostgreSQL
 * refuses NUL in text outright (a 500 if it reaches a query), and no form of ours has a use for
 * the others.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** True when `value` holds a control character other than tab, newline or carriage return. */
export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

// zod finalises messages at the top of the parse, so the issue's path is the field's full path.
const fieldName = (path: readonly PropertyKey[] | undefined) => (path?.length ? path.map(String).join('.') : 'text');

/** The message of a string with control characters: `name must not contain control characters`. */
export const controlCharactersMessage = (field: string) => `${field} must not contain control characters`;

type StringParams = Parameters<typeof z.string>[0];

/**
 * Free text from a client: a `z.string()` that refuses control characters (but tab, newline and
 * carriage return) with a 400 naming the field, before any other check runs. Every string input
 * of our schemas is built from this (or `secretText` for passwords); chain `.trim()`, `.min()`,
 * `.max()`, `.regex()` on it as on `z.string(params)`.
 */
export function text(params?: StringParams) {
  return z.string(params).refine((value) => !CONTROL_CHARACTERS.test(value), {
    error: (issue) => controlCharactersMessage(fieldName(issue.path)),
    abort: true,
  });
}

/**
 * A password or other secret: any character a keyboard or password manager can produce is
 * kept as typed, but never NUL (which nothing can store or hash as text).
 */
export function secretText(params?: StringParams) {
  return z.string(params).refine((value) => !value.includes('\u0000'), {
    error: (issue) => `${fieldName(issue.path)} must not contain a NUL character`,
    abort: true,
  });
}
