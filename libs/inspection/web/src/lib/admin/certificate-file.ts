import type { CertificateFile } from '@dealership/inspection-schemas';
import { uploadPrivateDocument } from '@dealership/media-web';

/** Where staff upload a certificate (multipart, one field `file`). */
export const CERTIFICATE_UPLOAD_URL = '/api/inspection-certificates';

/** Uploads a certificate; it stays private until the inspection naming it is saved as public. */
export function uploadCertificate(file: File, token: string | null): Promise<CertificateFile> {
  return uploadPrivateDocument<CertificateFile>(CERTIFICATE_UPLOAD_URL, file, token);
}
