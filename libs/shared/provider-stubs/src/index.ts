// Loopback stubs of the outside services the server talks to, answering in each provider's
// documented shapes, so tests run the real client libraries (nodemailer, fetch) against them.
// Test code only: nothing the web app or the server imports at run time.
export { startSmtpStub, type ReceivedMail, type SmtpStub, type SmtpStubBehaviour } from './smtp-stub';
export { startSmsStub, type ReceivedSms, type SmsStub, type SmsStubBehaviour } from './sms-stub';
export { startDarajaStub, type DarajaStub, type DarajaStubBehaviour, type ReceivedStkPush, type StkOutcome } from './daraja-stub';
export { startS3Stub, type S3Stub, type S3StubBehaviour, type StoredObject } from './s3-stub';
export { startWhatsAppStub, whatsappDelivery, whatsappSignature, type ReceivedWhatsApp, type WhatsAppStub, type WhatsAppStubBehaviour } from './whatsapp-stub';
export { freeLoopbackPort } from './free-port';
