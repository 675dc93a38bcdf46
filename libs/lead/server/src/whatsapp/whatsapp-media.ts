import type { WhatsAppConfig } from '@dealership/server-core';

/**
 * A picture a buyer sent, downloaded through the Cloud API's media endpoints: `GET /{media-id}`
 * answers a short-lived URL, fetched with the same bearer token. At most `maxBytes` (the lead
 * photos' limit); the bytes then go through the media domain's checks like any buyer's upload.
 */
export async function downloadWhatsAppMedia(settings: Pick<WhatsAppConfig, 'accessToken' | 'apiUrl'>, mediaId: string, maxBytes: number): Promise<Buffer> {
  const headers = { Authorization: `Bearer ${settings.accessToken}` };
  const described = await fetch(`${settings.apiUrl}/${encodeURIComponent(mediaId)}`, { headers, signal: AbortSignal.timeout(15_000) });
  if (!described.ok) throw new Error(`whatsapp media ${mediaId}: the Cloud API answered HTTP ${described.status}`);
  const { url, file_size: size } = (await described.json()) as { url?: string; file_size?: number };
  if (!url) throw new Error(`whatsapp media ${mediaId}: no URL in the answer`);
  if (size !== undefined && size > maxBytes) throw new Error(`whatsapp media ${mediaId}: ${size} bytes, more than the ${maxBytes} a lead photo may have`);
  const file = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
  if (!file.ok) throw new Error(`whatsapp media ${mediaId}: its download answered HTTP ${file.status}`);
  const data = Buffer.from(await file.arrayBuffer());
  if (data.length > maxBytes) throw new Error(`whatsapp media ${mediaId}: more than the ${maxBytes} bytes a lead photo may have`);
  return data;
}
