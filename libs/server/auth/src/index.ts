export * from './access';
export { AccessGuard } from './access.guard';
export * from './auth-session-store';
export {
  AdminAccessRequiredError,
  OwnerAccessRequiredError,
  AuthenticationRequiredError,
  EmailLinkThrottledError,
  LeadThrottledError,
  PublicIntakeCappedError,
  LoginThrottledError,
  OrderThrottledError,
  PaymentAttemptsThrottledError,
  RegistrationThrottledError,
} from './auth.errors';
export { AuthModule } from './auth.module';
export { AuthService, durationSeconds } from './auth.service';
export * from './decorators';
export {
  EMAIL_LINK_THROTTLE,
  EmailLinkThrottle,
  LEAD_PHOTO_THROTTLE,
  LEAD_THROTTLE,
  LeadThrottle,
  LOGIN_THROTTLE,
  LoginThrottle,
  ORDER_THROTTLE,
  OrderThrottle,
  REGISTRATION_THROTTLE,
  RegistrationThrottle,
} from './login-throttle';
export * from './throttle-store';
