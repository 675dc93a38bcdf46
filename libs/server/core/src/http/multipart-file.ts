import type {} from '@fastify/multipart';
import { DomainError, ErrorCode } from '@dealership/shared-schemas';
import type { FastifyRequest } from 'fastify';

/** `1.5 MB`: a size as messages state it. */
export const megabytes = (bytes: number) => `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;

/** Fastify multipart's own failure for a file over the limit, which we answer in our words. */
const isFileTooLarge = (error: unknown) => (error as { code?: unknown })?.code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * The one file of a multipart upload, sent under `file`, read into memory within `maxBytes`.
 * Refusals name the field: 400 when there is no such file or the upload was cut short, 413 over the
 * limit. `what` is the file as the messages call it ("image", "certificate").
 */
export async function readMultipartFile(request: FastifyRequest, maxBytes: number, what = 'file'): Promise<{ data: Buffer; fileName: string }> {
  const missing = (message = `Send one ${what} as multipart/form-data in a field named file`) => new DomainError(ErrorCode.BadRequest, message, 'file');
  const tooLarge = () => new DomainError(ErrorCode.PayloadTooLarge, `The ${what} is larger than ${megabytes(maxBytes)}`, 'file');
  if (!request.isMultipart()) throw missing();
  let part;
  try {
    part = await request.file({ limits: { files: 1, fileSize: maxBytes, fields: 10, parts: 12 } });
  } catch (error) {
    if (isFileTooLarge(error)) throw tooLarge();
    throw missing();
  }
  if (!part || part.fieldname !== 'file') throw missing();
  try {
    return { data: await part.toBuffer(), fileName: part.filename };
  } catch (error) {
    if (isFileTooLarge(error)) throw tooLarge();
    throw missing(`The upload was interrupted; please send the ${what} again`);
  }
}
