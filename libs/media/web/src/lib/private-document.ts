/** A document another domain keeps privately (a certificate, an import's paper), as its API describes it. */
export interface PrivateDocumentRef {
  url: string;
  fileName: string;
  contentType: string;
}

const messageOf = async (response: Response, fallback: string) => {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === 'string' && body.message ? body.message : fallback;
};

/** Uploads a private document (multipart, one field `file`); the route's answer, or an error with the server's words. */
export async function uploadPrivateDocument<T>(url: string, file: File, token: string | null): Promise<T> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await fetch(url, { method: 'POST', body: form, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (response.status !== 201) throw new Error(await messageOf(response, 'The file could not be uploaded'));
  return (await response.json()) as T;
}

/**
 * Opens a private document for staff: it needs the session's token, which a plain link does not
 * send, so it is fetched and shown from memory (a PDF is saved under its name).
 */
export async function openPrivateDocument(document: PrivateDocumentRef, token: string | null): Promise<void> {
  const response = await fetch(document.url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(await messageOf(response, 'The file could not be opened'));
  const url = URL.createObjectURL(await response.blob());
  const link = window.document.createElement('a');
  link.href = url;
  if (document.contentType === 'application/pdf') link.download = document.fileName;
  else link.target = '_blank';
  link.rel = 'noopener';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** What a document picker offers: a PDF or a picture (the server recognises the bytes). */
export const PRIVATE_DOCUMENT_TYPES = 'application/pdf,image/jpeg,image/png,image/webp,image/avif';
