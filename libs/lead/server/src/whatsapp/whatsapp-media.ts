import type { WhatsAppConfig } from '@dealership/server-core';

/**
 * A picture that no later try would fetch: Meta does not have it (an expired or unknown media id:
 * the Graph API answers 4xx), or it is larger than a lead photo may be. `why` is for the staff.
 */
export class WhatsAppMediaUnavailableError extends Error {
  constructor(
    mediaId: string,
    readonly why: string,
    detail: string,
  ) {
    super(`whatsapp media ${mediaId}: ${detail}`);
  }
}

/** Graph API answers that say the media is not to be had (not our token's or Meta's passing trouble: 401, 403, 408, 429 and 5xx may pass). */
const permanent = (status: number) => status >= 400 && status < 500 && ![401, 403, 408, 429].includes(status);

/**
 * A picture a buyer sent, downloaded through the Cloud API's media endpoints: `GET /{media-id}`
 * answers a short-lived URL, fetched with the same bearer token. At most `maxBytes` (the lead
 * photos' limit); the bytes then go through the media domain's checks like any buyer's upload.
 * Throws `WhatsAppMediaUnavailableError` when trying again would not help, another error when it might.
 */
export async function downloadWhatsAppMedia(settings: Pick<WhatsAppConfig, 'accessToken' | 'apiUrl'>, mediaId: string, maxBytes: number): Promise<Buffer> {
  const headers = { Authorization: `Bearer ${settings.accessToken}` };
  const described = await fetch(`${settings.apiUrl}/${encodeURIComponent(mediaId)}`, { headers, signal: AbortSignal.timeout(15_000) });
  if (!described.ok) {
    const detail = `the Cloud API answered HTTP ${described.status}`;
    if (permanent(described.status)) throw new WhatsAppMediaUnavailableError(mediaId, 'WhatsApp no longer has it', detail);
    throw new Error(`whatsapp media ${mediaId}: ${detail}`);
  }
  const { url, file_size: size } = (await described.json()) as { url?: string; file_size?: number };
  if (!url) throw new WhatsAppMediaUnavailableError(mediaId, 'WhatsApp gave no address for it', 'no URL in the answer');
  const tooLarge = 'it is larger than a lead photo may be';
  if (size !== undefined && size > maxBytes) throw new WhatsAppMediaUnavailableError(mediaId, tooLarge, `${size} bytes, more than the ${maxBytes} a lead photo may have`);
  const file = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
  if (!file.ok) throw new Error(`whatsapp media ${mediaId}: its download answered HTTP ${file.status}`);
  const data = Buffer.from(await file.arrayBuffer());
  if (data.length > maxBytes) throw new WhatsAppMediaUnavailableError(mediaId, tooLarge, `more than the ${maxBytes} bytes a lead photo may have`);
  return data;
}
