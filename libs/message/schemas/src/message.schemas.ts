import { IdSchema, pageOf, PageInputSchema, TimestampSchema } from '@dealership/shared-schemas';
import { z } from 'zod';

/** How a message travels. */
export const MESSAGE_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * Where a message is: waiting for its (next) attempt, being sent, sent, given up after a day of
 * retries, or kept unsent because its channel was not configured when it was written.
 */
export const MESSAGE_STATUSES = ['pending', 'sending', 'sent', 'failed', 'unconfigured', 'withheld', 'opted-out'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** What the back office calls each status. */
export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  pending: 'Waiting to send',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  unconfigured: 'not sent: channel not configured',
  withheld: 'not sent: too many to this address',
  'opted-out': 'not sent: they wrote STOP on WhatsApp',
};

/** Why a message was written. */
export const MESSAGE_TOPICS = [
  'lead.staff',
  'lead.buyer',
  'order.staff',
  'order.buyer',
  'order.status',
  'order.hold-reminder',
  'order.hold-expired',
  'order.deposit',
  'order.deposit-staff',
  'order.late',
  'password.reset',
  'email.verify',
  'email.change',
  'email.changed',
  'staff.invite',
  'lead.assigned',
  'lead.late',
  'lead.follow-up',
  'account.deleted',
  'alert.confirm',
  'alert.digest',
  'backup.failed',
  'lead.whatsapp',
  'phone.verify',
  'import.milestone',
  'import.payment',
  'import.payment-staff',
  'trade-in.offer',
  'trade-in.reminder',
  'trade-in.answered',
  'stock.aged',
] as const;
export type MessageTopic = (typeof MESSAGE_TOPICS)[number];

export const MESSAGE_TOPIC_LABELS: Record<MessageTopic, string> = {
  'lead.staff': 'New lead (staff)',
  'lead.buyer': 'Lead received (buyer)',
  'order.staff': 'New order (staff)',
  'order.buyer': 'Order receipt (buyer)',
  'order.status': 'Order status (buyer)',
  'order.hold-reminder': 'Reservation ends soon (buyer)',
  'order.hold-expired': 'Reservation ended (buyer)',
  'order.deposit': 'Deposit received (buyer)',
  'order.deposit-staff': 'Deposit paid or to check (staff)',
  'order.late': 'Order not confirmed after a working day (owners)',
  'password.reset': 'Password reset',
  'email.verify': 'Email verification',
  'email.change': 'New email to confirm',
  'email.changed': 'Email changed (previous address)',
  'staff.invite': 'Staff invitation',
  'lead.assigned': 'Lead assigned (salesperson)',
  'lead.late': 'Lead waiting too long (owners)',
  'lead.follow-up': 'Follow-up due (salesperson)',
  'account.deleted': 'Account deleted (buyer)',
  'alert.confirm': 'Alert sign-up to confirm (buyer)',
  'alert.digest': 'Saved search or price alert (buyer)',
  'backup.failed': 'Daily backup failed (owners)',
  'lead.whatsapp': 'WhatsApp reply (buyer)',
  'phone.verify': 'Phone verification code',
  'import.milestone': 'Import milestone (buyer)',
  'import.payment': 'Import payment received (buyer)',
  'import.payment-staff': 'Import payment to check (staff)',
  'trade-in.offer': 'Trade-in offer (buyer)',
  'trade-in.reminder': 'Trade-in offer ends soon (buyer)',
  'trade-in.answered': 'Trade-in offer answered (staff)',
  'stock.aged': 'Aged stock, weekly (owner)',
};

/** A message as the back office lists it: never its whole body (it may carry a link that signs someone in). */
export const MessageSchema = z.object({
  id: IdSchema,
  channel: z.enum(MESSAGE_CHANNELS),
  recipient: z.string(),
  topic: z.enum(MESSAGE_TOPICS),
  /** The lead's or order's id the message is about. */
  reference: z.string().nullable(),
  /** An email's subject, or an SMS's first line. */
  summary: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  attempts: z.number().int().min(0),
  lastError: z.string().nullable(),
  createdAt: TimestampSchema,
  sentAt: TimestampSchema.nullable(),
  /** When a waiting message is tried next. */
  nextAttemptAt: TimestampSchema.nullable(),
});
export type Message = z.infer<typeof MessageSchema>;

/** A page of messages, newest first, optionally of one status or channel. */
export const MessageListInputSchema = z.object({
  ...PageInputSchema.shape,
  status: z.enum(MESSAGE_STATUSES, { error: `status must be one of ${MESSAGE_STATUSES.join(', ')}` }).optional(),
  channel: z.enum(MESSAGE_CHANNELS, { error: `channel must be one of ${MESSAGE_CHANNELS.join(', ')}` }).optional(),
});
export type MessageListInput = z.input<typeof MessageListInputSchema>;
export type MessageListFilters = z.output<typeof MessageListInputSchema>;

export const MessagePageSchema = pageOf(MessageSchema).extend({
  /** Messages given up on, in the whole list: the menu's warning count. */
  failedCount: z.number().int().min(0),
});
export type MessagePage = z.infer<typeof MessagePageSchema>;

/** Try a failed (or unsent) message again now. */
export const MessageResendInputSchema = z.object({ id: IdSchema });
export type MessageResendInput = z.infer<typeof MessageResendInputSchema>;
