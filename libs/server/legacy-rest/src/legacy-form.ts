import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';

/** A file part of a legacy multipart form. */
export interface LegacyFormFile {
  field: string;
  data: Buffer;
  fileName: string;
}

/** A legacy form's fields (a repeated field becomes a list, in order) and its files. */
export interface LegacyForm {
  fields: Record<string, unknown>;
  files: LegacyFormFile[];
}

/** Bounds of one legacy form: enough for a car's fields and pictures, no more. */
const FORM_LIMITS = { fields: 100, fieldSize: 1_000_000, files: 10, fileSize: 15 * 1024 * 1024, parts: 120 };

const append = (fields: Record<string, unknown>, name: string, value: unknown) => {
  const current = fields[name];
  fields[name] = current === undefined ? value : Array.isArray(current) ? [...current, value] : [current, value];
};

/**
 * The body of a legacy write: multipart (as the legacy client sends it, fields and files) or
 * JSON (other clients), read into one shape. Multipart needs `@fastify/multipart` registered on
 * the server; without it Fastify refuses the content type (415) before this runs.
 */
export async function readLegacyForm(request: FastifyRequest, body: unknown): Promise<LegacyForm> {
  if (typeof request.isMultipart === 'function' && request.isMultipart()) {
    const fields: Record<string, unknown> = Object.create(null);
    const files: LegacyFormFile[] = [];
    for await (const part of request.parts({ limits: FORM_LIMITS })) {
      if (part.type === 'file') files.push({ field: part.fieldname, data: await part.toBuffer(), fileName: part.filename });
      else append(fields, part.fieldname, part.value);
    }
    return { fields: { ...fields }, files };
  }
  return { fields: typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {}, files: [] };
}
