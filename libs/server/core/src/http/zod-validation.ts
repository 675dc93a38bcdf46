import { BadRequestException } from '@nestjs/common';
import { type ZodType, z } from 'zod';

/** One field's problem, as both transports report it. */
export interface FieldError {
  field: string;
  message: string;
}

/** Field messages of a zod error: `[{ field: 'price', message: 'Price is required' }]`. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
}

/** Thrown by `parseOrThrow`; the exception filter turns it into `400 {success:false, message, errors}`. */
export class RequestValidationError extends BadRequestException {
  constructor(readonly errors: FieldError[]) {
    super(errors.map((e) => (e.message.toLowerCase().includes(e.field.toLowerCase()) ? e.message : `${e.field}: ${e.message}`)).join('; '));
  }
}

/** Parses controller input with a shared contract schema, or throws a 400 naming each bad field. */
export function parseOrThrow<T extends ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new RequestValidationError(fieldErrors(result.error));
  return result.data;
}
