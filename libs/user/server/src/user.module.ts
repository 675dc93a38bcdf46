import { AUTH_SESSION_STORE } from '@dealership/server-auth';
import { AuditModule } from '@dealership/audit-server';
import { MessageModule } from '@dealership/message-server';
import { PersonalDataHolders } from '@dealership/server-db';
import { DiscoveryModule } from '@nestjs/core';
import { Module } from '@nestjs/common';
import { AdminBootstrap } from './admin-bootstrap';
import { EmailLinkService } from './email-link.service';
import { PasswordHasher } from './password-hasher';
import { PhoneVerificationRepository } from './phone-verification.repository';
import { PhoneVerificationService } from './phone-verification.service';
import { PrivacyService } from './privacy.service';
import { SessionRepository } from './session.repository';
import { StaffRouter } from './staff.router';
import { StaffService } from './staff.service';
import { TwoFactorRepository } from './two-factor.repository';
import { TwoFactorService } from './two-factor.service';
import { UserTokenRepository } from './user-token.repository';
import { UserController } from './user.controller';
import { UserRepository } from './user.repository';
import { UserRouter } from './user.router';
import { UserService } from './user.service';

/**
 * Accounts: registration, login, logout, profile, the admin account; and the stores auth needs
 * (sessions with the account lookup, throttle counters), kept in the database; the emailed
 * links of password reset and email verification, through the outbox.
 */
@Module({
  imports: [MessageModule, AuditModule, DiscoveryModule],
  providers: [
    UserTokenRepository,
    EmailLinkService,
    UserRepository,
    SessionRepository,
    PasswordHasher,
    UserService,
    UserRouter,
    StaffService,
    StaffRouter,
    TwoFactorRepository,
    TwoFactorService,
    AdminBootstrap,
    PrivacyService,
    PhoneVerificationRepository,
    PhoneVerificationService,
    PersonalDataHolders,
    { provide: AUTH_SESSION_STORE, useExisting: SessionRepository },
  ],
  controllers: [UserController],
  exports: [UserService, PrivacyService, UserRouter, StaffRouter, AUTH_SESSION_STORE],
})
export class UserModule {}
