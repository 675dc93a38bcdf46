export { type Access, accessDenial, type AccessDenial, accessDeniedMessage } from './access';
export * from './auth-session-store';
export { isIntakeRefusal } from './auth.errors';
export { AuthModule } from './auth.module';
export { AuthService } from './auth.service';
export { KnownDevices } from './known-device';
export { ACCESS_KEY, AdminOnly, type AuthenticatedRequest, CurrentUser, DEFAULT_ACCESS, LoggedIn, OwnerOnly, Public } from './decorators';
export {
  ACCOUNT_SIGN_IN_DELAY,
  KNOWN_DEVICE_FAILURES,
  AlertSignUpThrottle,
  EMAIL_LINK_THROTTLE,
  LEAD_PHOTO_THROTTLE,
  LEAD_THROTTLE,
  LeadThrottle,
  LOGIN_THROTTLE,
  LoginThrottle,
  ORDER_THROTTLE,
  OrderThrottle,
  PHONE_CODE_THROTTLE,
  REGISTRATION_THROTTLE,
  RegistrationThrottle,
} from './login-throttle';
export { EmailLinkThrottle, PhoneCodeThrottle } from './message-request-throttles';
export { isLoopbackAddress, throttleAddress } from './throttle-address';
export * from './throttle-store';
