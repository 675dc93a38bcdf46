import { type AuditActor, AuditService } from '@dealership/audit-server';
import type { Message, MessageChannel, MessageListFilters, MessagePage } from '@dealership/message-schemas';
import { Inject, Injectable } from '@nestjs/common';
import { MESSAGE_SENDERS, type MessageSender } from './channels';
import { MessageNotFoundError, MessageNotResendableError } from './message.errors';
import { MessageRepository } from './message.repository';

/** The back office's view of the outbox: routers delegate here, the repository queries. */
@Injectable()
export class MessageService {
  /** The channels without their settings (an SMS written for a failed WhatsApp message is kept unsent on them). */
  private readonly unconfigured: ReadonlySet<MessageChannel>;

  constructor(
    private readonly messages: MessageRepository,
    private readonly audit: AuditService,
    @Inject(MESSAGE_SENDERS) senders: MessageSender[],
  ) {
    this.unconfigured = new Set(senders.filter((sender) => !sender.configured).map((sender) => sender.channel));
  }

  list(filters: MessageListFilters): Promise<MessagePage> {
    return this.messages.page(filters);
  }

  /** The messages written about a lead or an order, oldest first. */
  about(reference: string): Promise<Message[]> {
    return this.messages.forReference(reference);
  }

  /**
   * Records a WhatsApp status callback (false: no message of ours has that id yet). A failed one
   * sent in place of an SMS goes by SMS instead, once however often Meta reports it.
   */
  whatsappStatus(providerId: string, status: 'sent' | 'delivered' | 'read' | 'failed', error?: string): Promise<boolean> {
    return this.messages.whatsappStatus(providerId, status, error, this.unconfigured);
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
