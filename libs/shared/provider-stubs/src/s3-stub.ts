import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An object the stub stored: what S3's PutObject received. */
export interface StoredObject {
  bucket: string;
  key: string;
  body: Buffer;
  contentType: string | undefined;
  /** The access key the request was signed with (AWS Signature Version 4's `Credential=`). */
  accessKeyId: string | undefined;
}

/** How the stub answers PutObject: store it (200 with an ETag), or answer S3's 500 InternalError. */
export type S3StubBehaviour = 'accept' | 'error500';

export interface S3Stub {
  /** `http://127.0.0.1:<port>`: the endpoint of an s3:// URL (`?endpoint=`). */
  url: string;
  objects: StoredObject[];
  /** Every request: method, path and status. */
  requests: { method: string; path: string; status: number }[];
  setBehaviour(behaviour: S3StubBehaviour): void;
  close(): Promise<void>;
}

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>stub</RequestId></Error>`;

/**
 * A loopback stub of an S3-compatible store addressed by path (`PUT /<bucket>/<key>`, as MinIO and
 * the SDK's `forcePathStyle` do): PutObject stores the body and answers with its MD5 as the ETag;
 * a request not signed with Signature Version 4 is refused (403 AccessDenied), as S3 does.
 */
export async function startS3Stub(): Promise<S3Stub> {
  const objects: StoredObject[] = [];
  const requests: S3Stub['requests'] = [];
  let behaviour: S3StubBehaviour = 'accept';
  const answer = (response: ServerResponse, method: string, path: string, status: number, body = '', headers: Record<string, string> = {}) => {
    requests.push({ method, path, status });
    response.writeHead(status, { 'content-type': 'application/xml', ...headers }).end(body);
  };
  const server = createServer((request, response) => {
    void (async () => {
      const method = request.method ?? '';
      const url = new URL(request.url ?? '/', 'http://stub');
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const authorization = request.headers.authorization ?? '';
      if (!authorization.startsWith('AWS4-HMAC-SHA256 ')) return answer(response, method, url.pathname, 403, xmlError('AccessDenied', 'Access Denied'));
      const [, bucket, ...key] = url.pathname.split('/');
      if (method !== 'PUT' || !bucket || key.length === 0) return answer(response, method, url.pathname, 501, xmlError('NotImplemented', 'stub: PutObject only'));
      if (behaviour === 'error500') return answer(response, method, url.pathname, 500, xmlError('InternalError', 'We encountered an internal error. Please try again.'));
      const body = Buffer.concat(chunks);
      objects.push({
        bucket,
        key: decodeURIComponent(key.join('/')),
        body,
        contentType: request.headers['content-type'],
        accessKeyId: /Credential=([^/]+)\//.exec(authorization)?.[1],
      });
      answer(response, method, url.pathname, 200, '', { etag: `"${createHash('md5').update(body).digest('hex')}"` });
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    requests,
    setBehaviour: (next) => (behaviour = next),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
