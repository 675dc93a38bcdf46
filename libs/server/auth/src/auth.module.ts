import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessGuard } from './access.guard';
import { AuthService } from './auth.service';
import { JwtStrategy } from './jwt.strategy';
import { KnownDevices } from './known-device';
import { AlertSignUpThrottle, LeadThrottle, LoginThrottle, OrderThrottle, RegistrationThrottle } from './login-throttle';
import { EmailLinkThrottle, PhoneCodeThrottle } from './message-request-throttles';

/**
 * Authentication and access for the whole app: the passport-jwt strategy, sessions and token
 * issuing, login and registration throttling, and `AccessGuard` as the app's guard, so every REST
 * route of every module goes through it. Sessions and throttle counters are kept behind ports
 * (`AUTH_SESSION_STORE` from the user feature, `THROTTLE_STORE` from the database module).
 */
@Global()
@Module({
  providers: [
    JwtStrategy,
    AuthService,
    LoginThrottle,
    KnownDevices,
    RegistrationThrottle,
    LeadThrottle,
    AlertSignUpThrottle,
    EmailLinkThrottle,
    PhoneCodeThrottle,
    OrderThrottle,
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [AuthService, KnownDevices, LoginThrottle, RegistrationThrottle, LeadThrottle, AlertSignUpThrottle, EmailLinkThrottle, OrderThrottle, PhoneCodeThrottle],
})
export class AuthModule {}
