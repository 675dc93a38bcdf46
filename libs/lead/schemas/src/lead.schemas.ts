import { ImageRefSchema } from '@dealership/media-schemas';
import { IdSchema, pageOf, PageInputSchema, text, TimestampSchema } from '@dealership/shared-schemas';
import { z } from 'zod';
import { FinancingDetailsSchema, ImportDetailsSchema, LeadKindSchema, LeadStatusSchema, TradeInDetailsSchema } from './lead-forms.schemas';
import { LEAD_CHANNELS, LEAD_MESSAGE_MAX_LENGTH } from './lead.constants';

// A lead as the staff work it: the inbox's lead, its filters and page, its timeline, the owner's reports.
// The forms buyers send are in lead-forms.schemas.ts.

/** What every lead carries in the inbox, whatever its kind. */
const LeadBaseSchema = z.object({
  id: IdSchema,
  name: text(),
  /** +254 and nine digits. */
  phone: text(),
  email: text().nullable(),
  /** The email belongs to an account whose owner confirmed it (the staff's mark; not proof the lead came from them). */
  emailVerified: z.boolean(),
  message: text(),
  /** The car asked about; null when none, or once the car is deleted. */
  car: z.object({ id: IdSchema, name: text(), slug: text() }).nullable(),
  /** The day the buyer would like (YYYY-MM-DD). */
  preferredDate: z.iso.date().nullable(),
  /** The time the buyer would like (HH:MM, Nairobi time): a test drive's slot. */
  preferredTime: text().nullable(),
  status: LeadStatusSchema,
  /** The staff's latest note (every note is kept in the lead's timeline). */
  note: text().nullable(),
  /** The salesperson the lead belongs to; null while it is in the pool. */
  assignee: z.object({ id: IdSchema, name: text() }).nullable(),
  /** When the buyer first heard from the dealer: the first "Contacted", logged call or message; null until then. */
  firstResponseAt: TimestampSchema.nullable(),
  /** The day to call the buyer again (YYYY-MM-DD); the assignee is reminded that morning. */
  followUpOn: z.iso.date().nullable(),
  /** The site's page the buyer sent it from (e.g. /car/toyota-prado-2019); null when their browser did not say. */
  sourcePage: text().nullable(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});

/**
 * What a WhatsApp lead keeps of the buyer's first message: their WhatsApp profile name, and the
 * click-to-WhatsApp ad they came from (Meta's `referral`, in Meta's names).
 */
export const WhatsAppLeadDetailsSchema = z.object({
  profileName: text().nullable(),
  referral: z.object({ headline: text().optional(), source_url: text().optional() }).loose().optional(),
  /** The pictures the buyer sent, stored like a trade-in's photos. */
  photos: z.array(ImageRefSchema).optional(),
});

/**
 * A buyer's request as the staff see it in the inbox, with its kind's own fields in `details`
 * (null for an enquiry or a test drive, and for leads stored before their kind had a form).
 */
export const LeadSchema = z.discriminatedUnion('kind', [
  LeadBaseSchema.extend({ kind: z.literal('enquiry'), details: z.null() }),
  LeadBaseSchema.extend({ kind: z.literal('test-drive'), details: z.null() }),
  LeadBaseSchema.extend({ kind: z.literal('trade-in'), details: TradeInDetailsSchema.nullable() }),
  LeadBaseSchema.extend({ kind: z.literal('import'), details: ImportDetailsSchema.nullable() }),
  LeadBaseSchema.extend({ kind: z.literal('financing'), details: FinancingDetailsSchema.nullable() }),
  LeadBaseSchema.extend({ kind: z.literal('whatsapp'), details: WhatsAppLeadDetailsSchema.nullable() }),
]);
export type Lead = z.infer<typeof LeadSchema>;

/** The staff move a lead along the pipeline, with a note. */
export const LeadSetStatusInputSchema = z.object({
  id: IdSchema,
  status: LeadStatusSchema,
  note: text()
    .trim()
    .max(LEAD_MESSAGE_MAX_LENGTH, { error: `Note must be at most ${LEAD_MESSAGE_MAX_LENGTH} characters` })
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null)),
});
export type LeadSetStatusInput = z.input<typeof LeadSetStatusInputSchema>;
export type LeadSetStatusFields = z.output<typeof LeadSetStatusInputSchema>;

/** How old the leads of the inbox are. */
export const LEAD_AGES = ['today', 'week', 'month', 'older'] as const;
export const LeadAgeSchema = z.enum(LEAD_AGES, { error: `age must be one of: ${LEAD_AGES.join(', ')}` });
export type LeadAge = z.infer<typeof LeadAgeSchema>;

/**
 * A page of the inbox, newest first: by kind, status, assignee (a salesperson's id, `pool` for
 * nobody's, `mine` for the caller's), age, and text (name, phone or car).
 */
export const LeadListInputSchema = z.object({
  kind: LeadKindSchema.optional(),
  status: LeadStatusSchema.optional(),
  assignee: z.union([IdSchema, z.literal('pool'), z.literal('mine')], { error: 'assignee must be a staff id, pool or mine' }).optional(),
  age: LeadAgeSchema.optional(),
  search: text().trim().max(100, { error: 'search must be at most 100 characters' }).optional(),
  ...PageInputSchema.shape,
});
export type LeadListInput = z.input<typeof LeadListInputSchema>;
export type LeadListFilters = z.output<typeof LeadListInputSchema>;

/** A page of leads, with the number of New ones in the whole inbox (the admin menu's badge). */
export const LeadPageSchema = pageOf(LeadSchema).extend({ newCount: z.number().int() });
export type LeadPage = z.infer<typeof LeadPageSchema>;

// A lead's timeline: every note, status change, call or message logged, reassignment and follow-up, never overwritten.

export const LEAD_EVENT_KINDS = ['note', 'status', 'call', 'message', 'assigned', 'follow-up', 'whatsapp-in', 'whatsapp-out'] as const;
export const LeadEventKindSchema = z.enum(LEAD_EVENT_KINDS);
export type LeadEventKind = z.infer<typeof LeadEventKindSchema>;

/** One entry of a lead's timeline, oldest first. */
export const LeadEventSchema = z.object({
  id: IdSchema,
  kind: LeadEventKindSchema,
  /** Who did it (kept by name: the record outlives the account); null for the system (a lead assigned at once). */
  author: text().nullable(),
  /** The note, what was said on the call, the new status, the assignee's name, the follow-up day, or a WhatsApp message's text. */
  body: text().nullable(),
  createdAt: TimestampSchema,
});
export type LeadEvent = z.infer<typeof LeadEventSchema>;

const noteText = (label: string) =>
  text({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(LEAD_MESSAGE_MAX_LENGTH, { error: `${label} must be at most ${LEAD_MESSAGE_MAX_LENGTH} characters` });

export const LeadIdInputSchema = z.object({ id: IdSchema });
/** `lead.addNote`: appended to the timeline with its author and time. */
export const LeadAddNoteInputSchema = z.object({ id: IdSchema, body: noteText('Note') });
/** `lead.logContact`: a call made or a message sent to the buyer (the first one is the lead's first response). */
export const LeadLogContactInputSchema = z.object({
  id: IdSchema,
  channel: z.enum(['call', 'message'], { error: 'channel must be call or message' }),
  body: text().trim().max(LEAD_MESSAGE_MAX_LENGTH).optional(),
});
export type LeadLogContactInput = z.input<typeof LeadLogContactInputSchema>;
/** `lead.assign` (owners): to a salesperson, or `null` back to the pool. */
export const LeadAssignInputSchema = z.object({ id: IdSchema, assigneeId: IdSchema.nullable() });
/** `lead.setFollowUp`: the day to call again (today or later), or null for none. */
export const LeadFollowUpInputSchema = z.object({ id: IdSchema, on: z.iso.date({ error: 'on must be a date (YYYY-MM-DD)' }).nullable() });

// A lead's WhatsApp conversation (`lead.whatsapp`, `lead.whatsappReply`): the buyer's messages and the
// staff's replies, which go out through the outbox as text while Meta's 24-hour customer-service
// window is open (it opens with each message of the buyer's) and only as an approved template after.

/** Where a reply is: waiting in the outbox, sent to Meta, delivered to the phone, read, or failed. */
export const WHATSAPP_REPLY_STATUSES = ['pending', 'sent', 'delivered', 'read', 'failed'] as const;
export type WhatsAppReplyStatus = (typeof WHATSAPP_REPLY_STATUSES)[number];

/** One message of the conversation, oldest first. */
export const WhatsAppMessageSchema = z.object({
  id: IdSchema,
  /** `in`: the buyer's; `out`: a reply of the staff's. */
  direction: z.enum(['in', 'out']),
  text: text(),
  /** Who replied (by name); null for the buyer's. */
  author: text().nullable(),
  at: TimestampSchema,
  /** A reply's status (null for the buyer's messages), and why it failed. */
  status: z.enum(WHATSAPP_REPLY_STATUSES).nullable(),
  error: text().nullable(),
  /** A picture the buyer sent (their trade-in, say), stored on this site. */
  photoUrl: text().nullable().optional(),
});
export type WhatsAppMessage = z.infer<typeof WhatsAppMessageSchema>;

/** An approved message template (WHATSAPP_TEMPLATES): the only way to write after the window closed. `{{1}}` is the buyer's name. */
export const WhatsAppTemplateSchema = z.object({ name: text(), language: text(), text: text() });
export type WhatsAppTemplate = z.infer<typeof WhatsAppTemplateSchema>;

export const WhatsAppConversationSchema = z.object({
  /** False when the site has no WhatsApp settings: nothing can be sent. */
  configured: z.boolean(),
  /** Whether free text may be sent now, and until when (24 hours after the buyer's last message). */
  windowOpen: z.boolean(),
  windowClosesAt: TimestampSchema.nullable(),
  templates: z.array(WhatsAppTemplateSchema),
  /** Ready answers to the common questions (the car's price, where the yard is, when to view), to edit before sending. */
  quickReplies: z.array(z.object({ label: text(), text: text() })),
  messages: z.array(WhatsAppMessageSchema),
});
export type WhatsAppConversation = z.infer<typeof WhatsAppConversationSchema>;

/** `lead.whatsappReply`: free text (window open), or a template by name (any time). */
export const LeadWhatsAppReplyInputSchema = z.union([
  z.strictObject({ id: IdSchema, text: noteText('Reply') }),
  z.strictObject({ id: IdSchema, template: text({ error: 'template is required' }).min(1, { error: 'template is required' }) }),
]);
export type LeadWhatsAppReplyInput = z.input<typeof LeadWhatsAppReplyInputSchema>;

/** Someone leads can be assigned to (`lead.assignees`). */
export const LeadAssigneeSchema = z.object({ id: IdSchema, name: text(), away: z.boolean() });
export type LeadAssignee = z.infer<typeof LeadAssigneeSchema>;

/** How long a New lead may wait (minutes in opening hours) before it turns amber, then red (and the owner is alerted once). */
export const LEAD_RESPONSE_WARN_MINUTES = 5;
export const LEAD_RESPONSE_LATE_MINUTES = 15;

/** A signed-in buyer's own request, as their dashboard lists it (`lead.mine`), with the status the staff set. */
export const BuyerLeadSchema = z.object({
  id: IdSchema,
  kind: LeadKindSchema,
  status: LeadStatusSchema,
  car: z.object({ id: IdSchema, name: text(), slug: text() }).nullable(),
  /** Their salesperson's name; null while nobody has it. */
  salesperson: text().nullable(),
  createdAt: TimestampSchema,
});
export type BuyerLead = z.infer<typeof BuyerLeadSchema>;

/** Everything stored of a buyer's own request, as their data export gives it (`user.exportMyData`). */
export const BuyerLeadRecordSchema = z.object({
  id: IdSchema,
  kind: LeadKindSchema,
  name: text(),
  phone: text(),
  email: text().nullable(),
  message: text(),
  /** The car's name; null when none, or once the car is deleted. */
  car: text().nullable(),
  preferredDate: text().nullable(),
  preferredTime: text().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  status: LeadStatusSchema,
  /** When the buyer agreed to be contacted, and the words they agreed to; null on requests from before the form asked. */
  consentedAt: TimestampSchema.nullable(),
  consentText: text().nullable(),
  createdAt: TimestampSchema,
  /** A WhatsApp lead's conversation, oldest first: the buyer's messages and the dealer's replies (empty for other kinds). */
  conversation: z.array(z.object({ at: TimestampSchema, from: z.enum(['buyer', 'dealer']), text: text().nullable(), photoUrl: text().nullable() })),
});
export type BuyerLeadRecord = z.infer<typeof BuyerLeadRecordSchema>;

// The owner's reports of leads (`lead.report`): each figure from one SQL query.

export const LeadReportSchema = z.object({
  /** Leads per week (the week's Monday, YYYY-MM-DD, Nairobi) and kind, the last 12 weeks. */
  perWeek: z.array(z.object({ week: z.iso.date(), kind: LeadKindSchema, count: z.number().int() })),
  /** Per salesperson, the last 90 days: leads, those answered, and the median and 90th-percentile minutes to the first response. */
  responseTimes: z.array(
    z.object({ assignee: text(), leads: z.number().int(), answered: z.number().int(), medianMinutes: z.number().nullable(), p90Minutes: z.number().nullable() }),
  ),
  /**
   * Leads per week and the site's page they were sent from, the last 12 weeks: a car's or a
   * brand's pages count together (`/car/*`, `/brand/*`); null when the browser did not say.
   */
  perSource: z.array(z.object({ week: z.iso.date(), source: text().nullable(), count: z.number().int() })),
  /**
   * Leads per week and channel, the last 12 weeks: a site form (its kinds are in `perWeek`), a
   * WhatsApp chat, or one started from a click-to-WhatsApp ad. Counted from the lead's kind and
   * source, which stay when its personal data goes.
   */
  perChannel: z.array(z.object({ week: z.iso.date(), channel: z.enum(LEAD_CHANNELS), count: z.number().int() })),
  /** Lead -> won per week, the last 12 weeks. */
  conversion: z.array(z.object({ week: z.iso.date(), leads: z.number().int(), won: z.number().int() })),
});
export type LeadReport = z.infer<typeof LeadReportSchema>;
