import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessGuard } from './access.guard';
import { AuthService } from './auth.service';
import { JwtStrategy } from './jwt.strategy';
import { LoginThrottle } from './login-throttle';

/**
 * Authentication and access for the whole app: the passport-jwt strategy, token issuing, login
 * throttling, and `AccessGuard` as the app's guard, so every REST route of every module goes
 * through it. The account lookup is a port (`AUTH_USER_LOOKUP`) that the user feature provides.
 */
@Global()
@Module({
  providers: [JwtStrategy, AuthService, LoginThrottle, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [AuthService, LoginThrottle],
})
export class AuthModule {}
