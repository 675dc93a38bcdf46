import { RequestValidationError } from '@dealership/server-core';
import type { ZodType, z } from 'zod';

/** A repeated form field as a list (one entry arrives as a single value). */
export const listOf = (value: unknown): unknown[] | undefined => (value === undefined ? undefined : Array.isArray(value) ? value : [value]);

/**
 * Parses a legacy write with a domain contract: a 400 whose `message` is the first problem, in
 * the contract's order of checks (spec §5's), and whose fields carry the legacy names.
 */
export function parseLegacyInput<T extends ZodType>(schema: T, input: unknown, legacyNames: Record<string, string>): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => {
    const [head = '', ...rest] = issue.path.map(String);
    const legacy = legacyNames[head] ?? head;
    // `price must be a number` names the field by its legacy name; a bare `must be a valid id` gets it in front.
    const field = [legacy, ...rest].join('.') || 'body';
    // zod's own wording (`Invalid input: ...`) gets the field in front, as does a bare `must be a valid id`.
    const message =
      head && issue.message.startsWith(head)
        ? `${legacy}${issue.message.slice(head.length)}`
        : /^[a-z]/.test(issue.message)
          ? `${field} ${issue.message}`
          : issue.message.startsWith('Invalid')
            ? `${field}: ${issue.message}`
            : issue.message;
    return { field, message };
  });
  const error = new RequestValidationError(errors);
  // The legacy screens show the message as it is: the first problem alone, like the form's own check.
  error.message = errors[0].message;
  throw error;
}
