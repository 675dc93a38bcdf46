import type { FastifyReply, FastifyRequest } from 'fastify';

/** A stored private document as it is sent (MediaService.privateDocument made it). */
export interface SentDocument {
  contentType: string;
  fileName: string;
  sha256: string;
  content: Buffer;
}

/**
 * Sends a private document (a certificate, an import's papers): a PDF as an attachment, a picture
 * inline, both sandboxed (`Content-Security-Policy: sandbox`: nothing in it runs as our site) and
 * never sniffed; 304 for a client that has this version. `shared`: a public copy may sit in shared
 * caches a few minutes; otherwise nothing but the asker keeps it.
 */
export function sendPrivateDocument(request: FastifyRequest, reply: FastifyReply, document: SentDocument, shared = false): FastifyReply {
  const etag = `"${document.sha256}"`;
  void reply
    .header('etag', etag)
    .header('cache-control', shared ? 'public, max-age=300' : 'private, no-store')
    .header('content-security-policy', 'sandbox')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `${document.contentType === 'application/pdf' ? 'attachment' : 'inline'}; filename="${document.fileName.replace(/["\\\r\n]/g, '')}"`);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type(document.contentType).send(document.content);
}
