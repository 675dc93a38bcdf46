export { MessageModule } from './message.module';
export { MessageRouter } from './message.router';
export { MessageService } from './message.service';
export { MessageWorker } from './message-worker';
export { Outbox, emailMessage, smsMessage, type StaffAlert } from './outbox';
export type { OutgoingMessage } from './message.repository';
export { EmailField, EmailLayout, EmailLink, EmailText, renderEmail, telHref, type EmailSite, type RenderedEmail } from './email-layout';
