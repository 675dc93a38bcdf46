import { AUTH_USER_LOOKUP } from '@dealership/server-auth';
import { Module } from '@nestjs/common';
import { AdminBootstrap } from './admin-bootstrap';
import { PasswordHasher } from './password-hasher';
import { UserController } from './user.controller';
import { UserRepository } from './user.repository';
import { UserRouter } from './user.router';
import { UserService } from './user.service';

/** Accounts: registration, login, profile, the admin account; and the account lookup auth needs. */
@Module({
  providers: [
    UserRepository,
    PasswordHasher,
    UserService,
    UserRouter,
    AdminBootstrap,
    { provide: AUTH_USER_LOOKUP, useExisting: UserRepository },
  ],
  controllers: [UserController],
  exports: [UserService, UserRouter, AUTH_USER_LOOKUP],
})
export class UserModule {}
