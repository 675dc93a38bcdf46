export * from './config/config.tokens';
export {
  type AccountsConfig,
  type AppConfig,
  type BraintreeConfig,
  ConfigError,
  loadConfig,
  type MediaConfig,
  type MessagingConfig,
  type WhatsAppConfig,
  type MpesaConfig,
  type PaymentsConfig,
  type ServerConfig,
} from './config/env';
export { DatabaseUnavailableError, mapDatabaseError } from './http/database-errors';
export * from './http/legacy-exception.filter';
export * from './http/zod-validation';
export { megabytes, readMultipartFile } from './http/multipart-file';
export { sendPrivateDocument, type SentDocument } from './http/private-document';
export { createLogger, PinoNestLogger } from './logging/logger';
export { safeError, type SafeErrorLog } from './logging/safe-error';
export * from './config/secrets';
export { SignedIds } from './config/signed-ids';
export { metrics, startProcessMetrics } from './metrics';
export { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './config/common-passwords';
