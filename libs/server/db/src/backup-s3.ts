import { createReadStream, statSync } from 'node:fs';
import { basename } from 'node:path';

// The off-site copy of a backup: a copy on the server's own disk is no backup against a failed
// disk. BACKUP_S3_URL names an S3-compatible bucket (AWS S3, Cloudflare R2, Backblaze B2, MinIO...):
//
//   s3://bucket/optional/prefix?region=eu-west-1
//   s3://ACCESS_KEY:SECRET@bucket/prefix?endpoint=https://<account>.r2.cloudflarestorage.com&region=auto
//
// Credentials in the URL (URL-encoded), or else the AWS SDK's own chain (AWS_ACCESS_KEY_ID and
// AWS_SECRET_ACCESS_KEY, a profile, an instance role). The SDK is loaded only when a copy is made.

/** Where BACKUP_S3_URL points. */
export interface S3Target {
  bucket: string;
  prefix: string;
  region: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Reads BACKUP_S3_URL; throws a message naming what is wrong. */
export function parseS3Url(value: string): S3Target {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('must be an s3:// URL such as s3://bucket/prefix?region=eu-west-1');
  }
  if (url.protocol !== 's3:' || !url.hostname) throw new Error('must be an s3:// URL such as s3://bucket/prefix?region=eu-west-1');
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw new Error('its endpoint must be an http(s) URL');
  if (Boolean(url.username) !== Boolean(url.password)) throw new Error('give both the access key and the secret (s3://KEY:SECRET@bucket/...) or neither');
  return {
    bucket: url.hostname,
    prefix: decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, ''),
    region: url.searchParams.get('region') ?? 'us-east-1',
    endpoint,
    credentials: url.username ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) } : undefined,
  };
}

const quiet = () => undefined;

/** How many times a copy is tried before the backup counts as failed (the owners are told). */
const COPY_ATTEMPTS = 3;

/** Copies the backup `file` into the bucket (one PutObject, streamed); answers where it went (`s3://bucket/key`). */
export async function copyToS3(file: string, target: S3Target): Promise<string> {
  const { S3Client, PutObjectCommand } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: target.region,
    endpoint: target.endpoint,
    // Other providers than AWS address buckets by path (MinIO needs it; R2 and B2 accept it).
    forcePathStyle: Boolean(target.endpoint),
    credentials: target.credentials,
    // A checksum only where the API asks for one: the SDK's default streams a file as aws-chunked
    // with a trailing checksum, which several S3-compatible stores refuse.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    // Retried below with a fresh stream: the SDK cannot rewind a stream it has half sent.
    maxAttempts: 1,
    // Its only words here would be "a streaming request failed", which the error we record says better.
    logger: { trace: quiet, debug: quiet, info: quiet, warn: quiet, error: quiet },
  });
  const key = [target.prefix, basename(file)].filter(Boolean).join('/');
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: target.bucket,
            Key: key,
            Body: createReadStream(file),
            ContentLength: statSync(file).size,
            ContentType: 'application/x-tar',
          }),
        );
        return `s3://${target.bucket}/${key}`;
      } catch (error) {
        if (attempt >= COPY_ATTEMPTS) throw new Error(`not copied to s3://${target.bucket}/${key}: ${error instanceof Error ? error.message : String(error)}`);
        await new Promise((next) => setTimeout(next, 2 ** attempt * 500));
      }
    }
  } finally {
    client.destroy();
  }
}
