import type { CertificateFile } from '@dealership/inspection-schemas';

/** Where staff upload a certificate (multipart, one field `file`). */
export const CERTIFICATE_UPLOAD_URL = '/api/inspection-certificates';
/** What the certificate picker offers: a PDF or a picture (the server recognises the bytes). */
export const CERTIFICATE_PICKABLE_TYPES = 'application/pdf,image/jpeg,image/png,image/webp,image/avif';

const messageOf = async (response: Response, fallback: string) => {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === 'string' && body.message ? body.message : fallback;
};

/** Uploads a certificate; it stays private until the inspection naming it is saved as public. */
export async function uploadCertificate(file: File, token: string | null): Promise<CertificateFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await fetch(CERTIFICATE_UPLOAD_URL, { method: 'POST', body: form, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (response.status !== 201) throw new Error(await messageOf(response, 'The certificate could not be uploaded'));
  return (await response.json()) as CertificateFile;
}

/**
 * Opens a certificate for staff: a private one needs the session's token, which a plain link does
 * not send, so it is fetched and shown from memory (a PDF is saved under its name).
 */
export async function openCertificate(certificate: CertificateFile, token: string | null): Promise<void> {
  const response = await fetch(certificate.url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(await messageOf(response, 'The certificate could not be opened'));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  if (certificate.contentType === 'application/pdf') link.download = certificate.fileName;
  else link.target = '_blank';
  link.rel = 'noopener';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
