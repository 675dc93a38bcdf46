import { AuditModule } from '@dealership/audit-server';
import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { Module } from '@nestjs/common';
import { MESSAGE_SENDERS, type MessageSender, UnconfiguredSender } from './channels';
import { EmailSender } from './email-sender';
import { MessageRepository } from './message.repository';
import { MessageRouter } from './message.router';
import { MessageService } from './message.service';
import { MessageWorker } from './message-worker';
import { Outbox } from './outbox';
import { SmsSender } from './sms-sender';
import { WhatsAppSender } from './whatsapp-sender';

/** Email by SMTP when SMTP_URL is set, SMS by Africa's Talking when its keys are, WhatsApp by the Cloud API when its are; otherwise kept unsent. */
export function createSenders({ messaging }: Pick<AppConfig, 'messaging'>): MessageSender[] {
  return [
    messaging.smtpUrl && messaging.mailFrom ? new EmailSender(messaging.smtpUrl, messaging.mailFrom, messaging.sendTimeoutMs) : new UnconfiguredSender('email'),
    messaging.sms ? new SmsSender(messaging.sms) : new UnconfiguredSender('sms'),
    messaging.whatsapp ? new WhatsAppSender(messaging.whatsapp) : new UnconfiguredSender('whatsapp'),
  ];
}

import { OutboxMetrics } from './outbox-metrics';
import { BackupAlerts } from './backup-alerts';

@Module({
  imports: [AuditModule],
  providers: [
    { provide: MESSAGE_SENDERS, inject: [APP_CONFIG], useFactory: createSenders },
    MessageRepository,
    MessageService,
    MessageRouter,
    MessageWorker,
    Outbox,
    OutboxMetrics,
    BackupAlerts,
  ],
  exports: [MessageService, MessageRouter, Outbox, MessageWorker],
})
export class MessageModule {}
