import { text } from '@dealership/shared-schemas';
import { z } from 'zod';

// Meta's WhatsApp Cloud API webhook, as documented (docs/messaging.md, "WhatsApp"): what we read of
// it. Loose objects: Meta adds fields, and a field we do not know is no reason to refuse a delivery.

const ContactSchema = z.object({ wa_id: text(), profile: z.object({ name: z.string().optional() }).loose().optional() }).loose();

export const InboundMessageSchema = z
  .object({
    from: z.string().regex(/^\d{6,15}$/),
    id: z.string().min(1).max(200),
    timestamp: z.string().regex(/^\d+$/),
    type: z.string(),
    text: z.object({ body: z.string() }).loose().optional(),
    image: z.object({ id: z.string(), caption: z.string().optional(), mime_type: z.string().optional() }).loose().optional(),
    button: z.object({ text: z.string() }).loose().optional(),
    interactive: z.record(z.string(), z.unknown()).optional(),
    referral: z
      .object({ source_url: z.string().optional(), source_type: z.string().optional(), source_id: z.string().optional(), headline: z.string().optional(), ctwa_clid: z.string().optional() })
      .loose()
      .optional(),
  })
  .loose();
export type InboundMessage = z.infer<typeof InboundMessageSchema>;

export const StatusSchema = z
  .object({
    id: z.string().min(1).max(200),
    status: z.enum(['sent', 'delivered', 'read', 'failed']),
    timestamp: z.string().optional(),
    recipient_id: z.string().optional(),
    errors: z.array(z.object({ code: z.number().optional(), title: z.string().optional(), message: z.string().optional() }).loose()).optional(),
  })
  .loose();
export type Status = z.infer<typeof StatusSchema>;

/** The webhook's body: `{object, entry: [{id, changes: [{field, value}]}]}`. */
export const WebhookBodySchema = z
  .object({
    object: text(),
    entry: z.array(
      z
        .object({
          id: text().optional(),
          changes: z.array(
            z
              .object({
                field: text(),
                value: z
                  .object({
                    contacts: z.array(ContactSchema).optional(),
                    messages: z.array(z.unknown()).optional(),
                    statuses: z.array(z.unknown()).optional(),
                  })
                  .loose(),
              })
              .loose(),
          ),
        })
        .loose(),
    ),
  })
  .loose()
  .meta({ id: 'WhatsAppWebhook' });

/** One thing to work, as kept in the inbound queue. */
export type InboundItem =
  | { id: string; kind: 'message'; payload: { message: unknown; profileName: string | null } }
  | { id: string; kind: 'status'; payload: { status: unknown } };

/** The messages and statuses a webhook delivery carries, each with the id that makes it once. */
export function inboundItems(body: z.infer<typeof WebhookBodySchema>): InboundItem[] {
  const items: InboundItem[] = [];
  for (const entry of body.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') continue;
      const names = new Map((change.value.contacts ?? []).map((contact) => [contact.wa_id, contact.profile?.name ?? null]));
      for (const message of change.value.messages ?? []) {
        const parsed = InboundMessageSchema.safeParse(message);
        if (parsed.success) items.push({ id: parsed.data.id, kind: 'message', payload: { message, profileName: names.get(parsed.data.from) ?? null } });
      }
      for (const status of change.value.statuses ?? []) {
        const parsed = StatusSchema.safeParse(status);
        if (parsed.success) items.push({ id: `${parsed.data.id}:${parsed.data.status}`, kind: 'status', payload: { status } });
      }
    }
  }
  return items;
}

/** What a message says, in words for the inbox: its text, a photo's caption, a button's label. */
export function messageText(message: InboundMessage): string {
  if (message.type === 'text' && message.text) return message.text.body;
  if (message.type === 'image') return message.image?.caption ? `[Photo] ${message.image.caption}` : '[Photo]';
  if (message.type === 'button' && message.button) return message.button.text;
  return `[${message.type}]`;
}
