import { type AuditActor, AuditService } from '@dealership/audit-server';
import type { Message, MessageListFilters, MessagePage } from '@dealership/message-schemas';
import { Injectable } from '@nestjs/common';
import { MessageNotFoundError, MessageNotResendableError } from './message.errors';
import { MessageRepository } from './message.repository';

/** The back office's view of the outbox: routers delegate here, the repository queries. */
@Injectable()
export class MessageService {
  constructor(
    private readonly messages: MessageRepository,
    private readonly audit: AuditService,
  ) {}

  list(filters: MessageListFilters): Promise<MessagePage> {
    return this.messages.page(filters);
  }

  /** The messages written about a lead or an order, oldest first. */
  about(reference: string): Promise<Message[]> {
    return this.messages.forReference(reference);
  }

  /** Records a WhatsApp status callback (false: no message of ours has that id yet). */
  whatsappStatus(providerId: string, status: 'sent' | 'delivered' | 'read' | 'failed', error?: string): Promise<boolean> {
    return this.messages.whatsappStatus(providerId, status, error);
  }

  /** A number that wrote STOP (`out`) or START on WhatsApp: no WhatsApp message goes to it while out. */
  setWhatsAppOptOut(phone: string, out: boolean): Promise<void> {
    return this.messages.setWhatsAppOptOut(phone, out);
  }

  /** Where each of these messages is: status, what the phone reported (delivered, read), why it failed. */
  deliveryOf(ids: readonly string[]) {
    return this.messages.deliveryOf(ids);
  }

  /** Puts a failed or unsent message back in the queue, due now; in the activity log. */
  async resend(id: string, actor: AuditActor): Promise<Message> {
    const result = await this.messages.requeue(id);
    if (result === 'not-found') throw new MessageNotFoundError();
    if (result === 'blanked') throw new MessageNotResendableError('a single-use link or code that was removed: ask the person to request a new one');
    if (typeof result === 'string') throw new MessageNotResendableError(result);
    await this.audit.record({
      actor,
      entity: 'message',
      entityId: id,
      label: `${result.channel} to ${result.recipient}: ${result.summary}`,
      action: 'resend',
      after: { status: result.status },
    });
    return result;
  }
}
