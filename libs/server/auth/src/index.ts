export * from './access';
export { AccessGuard } from './access.guard';
export * from './auth-session-store';
export {
  AccountSignInDelayedError,
  AdminAccessRequiredError,
  OwnerAccessRequiredError,
  AuthenticationRequiredError,
  EmailLinkThrottledError,
  LeadThrottledError,
  isIntakeRefusal,
  PublicIntakeCappedError,
  LoginThrottledError,
  OrderThrottledError,
  PaymentAttemptsThrottledError,
  RegistrationThrottledError,
  SecondFactorEnrolmentRequiredError,
} from './auth.errors';
export { AuthModule } from './auth.module';
export { AuthService, durationSeconds } from './auth.service';
export * from './decorators';
export {
  ACCOUNT_SIGN_IN_DELAY,
  ALERT_SIGN_UP_THROTTLE,
  AlertSignUpThrottle,
  accountSignInDelayMs,
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
export { throttleAddress } from './throttle-address';
export * from './throttle-store';
