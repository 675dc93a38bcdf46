import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessGuard } from './access.guard';
import { AuthService } from './auth.service';
import { LoginThrottle } from './login-throttle';
import { PasswordHasher } from './password-hasher';
import { UserController } from './user.controller';
import { UserRepository } from './user.repository';
import { UserRouter } from './user.router';
import { UserService } from './user.service';

/**
 * Accounts and authentication. It also guards the whole REST surface: `AccessGuard` is registered
 * as the app's guard, so every route of every module goes through it.
 */
@Module({
  providers: [UserRepository, PasswordHasher, LoginThrottle, AuthService, UserService, UserRouter, { provide: APP_GUARD, useClass: AccessGuard }],
  controllers: [UserController],
  exports: [UserService, AuthService, UserRouter],
})
export class UserModule {}
