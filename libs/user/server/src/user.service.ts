import { type AuthSession, type LoginInput, type LoginResult, type Me, type ProfileUpdateInput, type RegisterInput, type SecondFactorInput, type User, type ProfileUpdateResult } from '@dealership/user-schemas';
import { type AuditClient, AuditService, type SecurityEvent } from '@dealership/audit-server';
import { AuthService, KnownDevices, LoginThrottle, RegistrationThrottle } from '@dealership/server-auth';
import { type AuthUser, DomainError, ErrorCode, Role } from '@dealership/shared-schemas';
import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { EmailLinkService } from './email-link.service';
import { PasswordHasher } from './password-hasher';
import { SessionRepository } from './session.repository';
import { UserRepository } from './user.repository';
import { TwoFactorService } from './two-factor.service';
import {
  AccountDeactivatedError,
  CurrentPasswordIncorrectError,
  CurrentPasswordRequiredError,
  EMAIL_USED_BY_ANOTHER,
  EmailTakenError,
  InvalidCredentialsError,
  SecondFactorInvalidError,
  SecondFactorRequiredError,
  UserNotFoundError,
} from './user.errors';


@Injectable()
export class UserService {
  private readonly logger = new Logger('UserService');

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly auth: AuthService,
    private readonly throttle: LoginThrottle,
    private readonly knownDevices: KnownDevices,
    private readonly registrations: RegistrationThrottle,
    private readonly sessions: SessionRepository,
    private readonly emailLinks: EmailLinkService,
    private readonly twoFactor: TwoFactorService,
    private readonly audit: AuditService,
  ) {}

  /**
   * Runs `step` of a sign-in or account change and records a throttle trip (a 429 from the
   * login or registration throttle) as a security event before the refusal goes out.
   */
  private async throttled<T>(step: () => Promise<T>, account: SecurityEvent['account'], client: AuditClient): Promise<T> {
    try {
      return await step();
    } catch (error) {
      if (error instanceof DomainError && error.code === ErrorCode.TooManyRequests) {
        await this.audit.recordSecurity({ account, action: 'throttled', outcome: 'failure', client, details: { reason: error.message } });
      }
      throw error;
    }
  }

  /** Records a refused sign-in and throws its error: the account as known, the email as typed. */
  private async signInFailed(error: Error, account: SecurityEvent['account'], client: AuditClient, reason: string): Promise<never> {
    await this.audit.recordSecurity({ account, action: 'signIn', outcome: 'failure', client, details: { reason } });
    throw error;
  }

  /**
   * Creates a customer account (role 0, whatever was asked) and, in the same transaction, the
   * email with its verification link; registrations are throttled per client address.
   */
  async register(input: RegisterInput, ip: string, userAgent?: string): Promise<User> {
    await this.throttled(() => this.registrations.begin(ip), { id: null, email: input.email }, { ip, userAgent });
    // Checked first so a taken email costs no hashing; the insert still guards against a race.
    if (await this.users.findByEmail(input.email)) throw new EmailTakenError();
    const passwordHash = await this.hasher.hash(input.password);
    const user = await this.users.transaction(async (tx) => {
      const created = await this.users.create(
        { name: input.name, email: input.email, passwordHash, phone: input.phone, address: input.address, role: Role.User },
        tx,
      );
      if (created) await this.emailLinks.enqueueVerification(tx, created);
      return created;
    });
    if (!user) throw new EmailTakenError();
    return user;
  }

  /**
   * Checks the credentials and starts a session. Unknown email and wrong password get the same
   * error after the same work; repeated failures per account-and-address pair or per address are
   * throttled.
   */
  async login(input: LoginInput, ip: string, userAgent?: string): Promise<LoginResult> {
    const client = { ip, userAgent };
    const knownDevice = this.knownDevices.idFor(input.email, input.knownDevice);
    await this.throttled(() => this.throttle.begin(ip, input.email, new Date(), knownDevice), { id: null, email: input.email }, client);
    const found = await this.users.findByEmail(input.email);
    const valid = found ? await this.hasher.verify(found.passwordHash, input.password) : await this.hasher.verifyNoAccount(input.password);
    const account = { id: found?.id ?? null, name: found?.name, email: input.email };
    if (!found) return this.signInFailed(new InvalidCredentialsError(), account, client, 'unknown email');
    if (!valid) return this.signInFailed(new InvalidCredentialsError(), account, client, 'wrong password');
    // Told only to whoever knows the password: a guess learns nothing of the account.
    if (found.deactivated) return this.signInFailed(new AccountDeactivatedError(), account, client, 'account deactivated');
    const { passwordHash: _hash, deactivated: _deactivated, ...user } = found;
    if (user.role === Role.Admin && (await this.twoFactor.enabledFor(user.id))) {
      // The password is right; the code is still to come (and counts against the same throttle until it is right).
      if (!input.deviceToken || !(await this.twoFactor.isTrustedDevice(user.id, input.deviceToken))) {
        return { secondFactor: 'required', challenge: this.auth.signSecondFactorChallenge(user.id) };
      }
    }
    await this.throttle.succeeded(ip, input.email, knownDevice);
    // Staff without a second factor while one is required: a session for their profile only, until they enrol.
    const mustEnrol = user.role === Role.Admin && !(await this.twoFactor.enabledFor(user.id)) && (await this.twoFactor.required());
    const session = await this.startSession(user, client, { trustedDevice: Boolean(input.deviceToken) && user.role === Role.Admin }, { enrolmentOnly: mustEnrol });
    const signedIn = { ...session, knownDevice: this.knownDevices.issue(user.email) };
    return mustEnrol ? { ...signedIn, mustEnrolTwoFactor: true } : signedIn;
  }

  /** The legacy REST login: it has no second step, so an account with a second factor is refused (401) with why. */
  async legacyLogin(input: LoginInput, ip: string, userAgent?: string): Promise<AuthSession> {
    const result = await this.login(input, ip, userAgent);
    if ('secondFactor' in result) throw new SecondFactorRequiredError();
    return { user: result.user, token: result.token };
  }

  /**
   * The second step: the challenge from the password step and a code from the app (or a recovery
   * code). Wrong codes count as failed logins of the account and address (the login throttle), so
   * six digits cannot be guessed. With `rememberDevice`, the device skips this step for 30 days.
   */
  async loginSecondFactor(input: SecondFactorInput, ip: string, userAgent?: string): Promise<AuthSession & { deviceToken?: string; knownDevice: string }> {
    const client = { ip, userAgent };
    const userId = this.auth.verifySecondFactorChallenge(input.challenge);
    const account = userId ? await this.users.findById(userId) : undefined;
    if (!account) return this.signInFailed(new SecondFactorInvalidError('challenge'), { id: null, email: '' }, client, 'second factor: invalid challenge');
    const who = { id: account.id, name: account.name, email: account.email };
    const knownDevice = this.knownDevices.idFor(account.email, input.knownDevice);
    await this.throttled(() => this.throttle.begin(ip, account.email, new Date(), knownDevice), who, client);
    if (!(await this.twoFactor.verify(account.id, account.email, { code: input.code, recoveryCode: input.recoveryCode }))) {
      return this.signInFailed(new SecondFactorInvalidError('code'), who, client, input.recoveryCode ? 'second factor: wrong recovery code' : 'second factor: wrong code');
    }
    await this.throttle.succeeded(ip, account.email, knownDevice);
    if (input.recoveryCode) await this.audit.recordSecurity({ account: who, action: 'recoveryCodeUsed', outcome: 'success', client });
    const session = { ...(await this.startSession(account, client, { secondFactor: input.recoveryCode ? 'recovery code' : 'code' })), knownDevice: this.knownDevices.issue(account.email) };
    if (!input.rememberDevice) return session;
    const deviceToken = await this.twoFactor.trustDevice(account.id);
    await this.audit.recordSecurity({ account: who, action: 'rememberDevice', outcome: 'success', client });
    return { ...session, deviceToken };
  }

  // The sign-in is recorded after its session exists (and outside its writes): a failing audit
  // insert is logged by AuditService and never costs the user the answer.
  private async startSession(user: User, client: AuditClient, details: SecurityEvent['details'] = {}, options: { enrolmentOnly?: boolean } = {}): Promise<AuthSession> {
    const token = await this.auth.startSession(user.id, options);
    await this.users.recordSignIn(user.id);
    await this.audit.recordSecurity({ account: { id: user.id, name: user.name, email: user.email }, action: 'signIn', outcome: 'success', client, details });
    return { user, token };
  }

  /** Ends the session of the token the request came with; the user's other sessions stay. */
  async logout(user: AuthUser, client: AuditClient): Promise<void> {
    await this.auth.endSession(user);
    await this.audit.recordSecurity({ account: user, action: 'signOut', outcome: 'success', client, details: { everywhere: false } });
  }

  /** Ends every session of the user ("log out everywhere"), the current one included, and forgets its remembered devices. */
  async logoutEverywhere(user: AuthUser, client: AuditClient): Promise<void> {
    await this.auth.endSessions(user.id);
    await this.twoFactor.forgetDevices(user.id);
    await this.audit.recordSecurity({ account: user, action: 'signOut', outcome: 'success', client, details: { everywhere: true } });
  }

  async me(userId: string): Promise<Me> {
    const user = await this.users.findMe(userId);
    if (!user) throw new UserNotFoundError();
    return user;
  }

  /**
   * Saves the user's own profile. An empty password keeps the current one; a new one needs the
   * correct current password (guesses count against the login throttle of the account and
   * address) and ends every other session of the user, the current one staying signed in. A new
   * email needs the current password too, ends the other sessions, and is only pending: a link
   * goes to the new address and the account moves when its owner opens it (`verifyEmail`). The
   * answer is the same whether or not another account has that address (no link is sent then), so
   * the profile form tells nobody which addresses are registered. The role never changes here.
   */
  async updateProfile(user: AuthUser, input: ProfileUpdateInput, ip: string, userAgent?: string): Promise<ProfileUpdateResult> {
    const client = { ip, userAgent };
    const newPassword = input.password ? input.password : undefined;
    // `user.email` is the stored one, read with the session on this request.
    const newEmail = input.email.toLowerCase() !== user.email.toLowerCase();
    // Whoever holds a stolen session must not take the account over by moving its email (then
    // resetting the password): a new email needs the password, checked before anything is said
    // about the address.
    if (newPassword || newEmail) {
      if (!input.currentPassword) throw new CurrentPasswordRequiredError();
      await this.checkCurrentPassword(user, input.currentPassword, client);
    }
    // Counted whether or not the address is taken (the answer says nothing about that either).
    if (newEmail) await this.emailLinks.countEmailChange(user.id);
    const holder = newEmail ? await this.users.findByEmail(input.email) : undefined;
    const changes = {
      name: input.name,
      // A new address waits for its link; a change of letter case alone is saved at once.
      email: newEmail ? user.email : input.email,
      phone: input.phone,
      address: input.address,
      ...(newPassword ? { passwordHash: await this.hasher.hash(newPassword) } : {}),
    };
    const result = await this.users.transaction(async (tx) => {
      const saved = await this.users.updateProfile(user.id, changes, tx);
      if (typeof saved !== 'string' && newEmail && !holder) await this.emailLinks.enqueueEmailChange(tx, saved, input.email);
      return saved;
    });
    if (result === 'email-taken') throw new EmailTakenError(EMAIL_USED_BY_ANOTHER);
    if (result === 'not-found') throw new UserNotFoundError();
    // Whoever holds another of this account's tokens (a stolen one, say) is signed out.
    if (newPassword || newEmail) await this.auth.endSessions(user.id, user.sessionId);
    // A new password (often because the old one leaked): no remembered device skips the second step.
    if (newPassword) await this.twoFactor.forgetDevices(user.id);
    const account = { id: user.id, name: result.name, email: result.email };
    if (newPassword) await this.audit.recordSecurity({ account, action: 'changePassword', outcome: 'success', client });
    // The staff see a move to an address in use; the person asking does not.
    if (newEmail && holder) await this.audit.recordSecurity({ account, action: 'changeEmail', outcome: 'failure', client, details: { reason: 'address in use by another account' } });
    return { ...result, pendingEmail: newEmail ? input.email : null };
  }

  /**
   * Checks the signed-in user's password (guesses count against the login throttle of the account
   * and address, and a wrong one is a security event); refused naming `field`.
   */
  async checkCurrentPassword(user: AuthUser, currentPassword: string, client: AuditClient, field: 'currentPassword' | 'password' = 'currentPassword'): Promise<void> {
    await this.throttled(() => this.throttle.begin(client.ip, user.email), user, client);
    const account = await this.users.findByEmail(user.email);
    if (!account || account.id !== user.id) throw new UserNotFoundError();
    if (!(await this.hasher.verify(account.passwordHash, currentPassword))) {
      await this.audit.recordSecurity({ account: user, action: 'changePassword', outcome: 'failure', client, details: { reason: 'wrong current password' } });
      throw new CurrentPasswordIncorrectError(field);
    }
    await this.throttle.succeeded(client.ip, user.email);
  }

  /**
   * Creates the configured admin account (role 1, owner, its email counted as verified: the
   * operator named it) when it does not exist. An existing account is left as its owners made it:
   * a password its owner changed stays, and a demotion by another owner is not undone on the next
   * start. Only `admin.reset` (ADMIN_PASSWORD_RESET, for one start) applies ADMIN_PASSWORD and the
   * owner role to it ('updated'), and on the very first start (no admin yet) an existing account
   * of that email is taken over. The role is never granted to an account while sessions of its
   * earlier holder live on: every session of it ends and its password becomes ADMIN_PASSWORD in
   * the same transaction that makes it admin, and a warning names it ('taken-over').
   */
  async ensureAdmin(admin: { email: string; password: string; name: string; reset?: boolean }): Promise<'created' | 'updated' | 'taken-over' | 'unchanged'> {
    const existing = await this.users.findByEmail(admin.email);
    if (!existing) {
      await this.users.create({
        name: admin.name,
        email: admin.email.toLowerCase(),
        passwordHash: await this.hasher.hash(admin.password),
        phone: '',
        address: '',
        role: Role.Admin,
        staffRole: 'owner',
        emailVerifiedAt: new Date(),
      });
      this.logger.log(`Admin account ${admin.email} created`);
      return 'created';
    }
    if (!admin.reset && (existing.role === Role.Admin || (await this.users.hasAdmin()))) return 'unchanged';
    const passwordMatches = await this.hasher.verify(existing.passwordHash, admin.password);
    if (passwordMatches && existing.role === Role.Admin && existing.staffRole === 'owner') return 'unchanged';
    const passwordHash = passwordMatches ? existing.passwordHash : await this.hasher.hash(admin.password);
    if (existing.role === Role.Admin) {
      await this.users.transaction(async (tx) => {
        // A new ADMIN_PASSWORD is a password change (often because the old one leaked): the
        // admin's sessions end, as with a change on the profile page.
        if (!passwordMatches) await this.sessions.revokeAllIn(tx, existing.id);
        await this.users.updateAdmin(existing.id, { passwordHash, role: Role.Admin, staffRole: 'owner' }, tx);
      });
      this.logger.warn(
        `Admin account ${admin.email} reset by ADMIN_PASSWORD_RESET${passwordMatches ? '' : ' (ADMIN_PASSWORD applied: its sessions were ended)'}: unset it, or every start resets it again`,
      );
      return 'updated';
    }
    await this.users.transaction(async (tx) => {
      await this.sessions.revokeAllIn(tx, existing.id);
      await this.users.updateAdmin(existing.id, { passwordHash, role: Role.Admin, staffRole: 'owner', emailVerifiedAt: existing.emailVerified ? undefined : new Date() }, tx);
    });
    this.logger.warn(
      `ADMIN_EMAIL names the existing customer account ${existing.email} (id ${existing.id}, "${existing.name}"): ` +
        'its sessions were ended and its password set to ADMIN_PASSWORD before it was made the admin. Its orders and details stay with it.',
    );
    return 'taken-over';
  }

  /** Whether any admin account exists (the first start of an install has none). */
  hasAdmin(): Promise<boolean> {
    return this.users.hasAdmin();
  }

  /**
   * Development without ADMIN_EMAIL/ADMIN_PASSWORD: on the first start (no admin yet) creates one
   * with a generated password and returns the credentials so they can be printed once.
   */
  async ensureDevAdmin(): Promise<{ email: string; password: string } | undefined> {
    if (await this.users.hasAdmin()) return undefined;
    const credentials = { email: 'admin@dealership.local', password: randomBytes(12).toString('base64url') };
    await this.ensureAdmin({ ...credentials, name: 'Admin' });
    return credentials;
  }
}
