import {
  type AuthSession,
  type AuthUser,
  type LoginInput,
  type LoginResult,
  type Me,
  type ProfileUpdateInput,
  type RegisterInput,
  Role,
  type SecondFactorInput,
  type User,
} from '@dealership/user-schemas';
import { AuthService, LoginThrottle, RegistrationThrottle } from '@dealership/server-auth';
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
  EmailTakenError,
  InvalidCredentialsError,
  SecondFactorInvalidError,
  SecondFactorRequiredError,
  UserNotFoundError,
} from './user.errors';

const EMAIL_USED_BY_ANOTHER = 'Email is already used by another account';

@Injectable()
export class UserService {
  private readonly logger = new Logger('UserService');

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly auth: AuthService,
    private readonly throttle: LoginThrottle,
    private readonly registrations: RegistrationThrottle,
    private readonly sessions: SessionRepository,
    private readonly emailLinks: EmailLinkService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  /**
   * Creates a customer account (role 0, whatever was asked) and, in the same transaction, the
   * email with its verification link; registrations are throttled per client address.
   */
  async register(input: RegisterInput, ip: string): Promise<User> {
    await this.registrations.begin(ip);
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
  async login(input: LoginInput, ip: string): Promise<LoginResult> {
    await this.throttle.begin(ip, input.email);
    const found = await this.users.findByEmail(input.email);
    const valid = found ? await this.hasher.verify(found.passwordHash, input.password) : await this.hasher.verifyNoAccount(input.password);
    if (!found || !valid) throw new InvalidCredentialsError();
    // Told only to whoever knows the password: a guess learns nothing of the account.
    if (found.deactivated) throw new AccountDeactivatedError();
    const { passwordHash: _hash, deactivated: _deactivated, ...user } = found;
    if (user.role === Role.Admin && (await this.twoFactor.enabledFor(user.id))) {
      // The password is right; the code is still to come (and counts against the same throttle until it is right).
      if (!input.deviceToken || !(await this.twoFactor.isTrustedDevice(user.id, input.deviceToken))) {
        return { secondFactor: 'required', challenge: this.auth.signSecondFactorChallenge(user.id) };
      }
    }
    await this.throttle.succeeded(ip, input.email);
    // Staff without a second factor while one is required: a session for their profile only, until they enrol.
    const mustEnrol = user.role === Role.Admin && !(await this.twoFactor.enabledFor(user.id)) && (await this.twoFactor.required());
    const session = await this.startSession(user, { enrolmentOnly: mustEnrol });
    return mustEnrol ? { ...session, mustEnrolTwoFactor: true } : session;
  }

  /** The legacy REST login: it has no second step, so an account with a second factor is refused (401) with why. */
  async legacyLogin(input: LoginInput, ip: string): Promise<AuthSession> {
    const result = await this.login(input, ip);
    if ('secondFactor' in result) throw new SecondFactorRequiredError();
    return { user: result.user, token: result.token };
  }

  /**
   * The second step: the challenge from the password step and a code from the app (or a recovery
   * code). Wrong codes count as failed logins of the account and address (the login throttle), so
   * six digits cannot be guessed. With `rememberDevice`, the device skips this step for 30 days.
   */
  async loginSecondFactor(input: SecondFactorInput, ip: string): Promise<AuthSession & { deviceToken?: string }> {
    const userId = this.auth.verifySecondFactorChallenge(input.challenge);
    const account = userId ? await this.users.findById(userId) : undefined;
    if (!account) throw new SecondFactorInvalidError('challenge');
    await this.throttle.begin(ip, account.email);
    if (!(await this.twoFactor.verify(account.id, account.email, { code: input.code, recoveryCode: input.recoveryCode }))) throw new SecondFactorInvalidError('code');
    await this.throttle.succeeded(ip, account.email);
    const session = await this.startSession(account);
    return input.rememberDevice ? { ...session, deviceToken: await this.twoFactor.trustDevice(account.id) } : session;
  }

  private async startSession(user: User, options: { enrolmentOnly?: boolean } = {}): Promise<AuthSession> {
    const token = await this.auth.startSession(user.id, options);
    await this.users.recordSignIn(user.id);
    return { user, token };
  }

  /** Ends the session of the token the request came with; the user's other sessions stay. */
  async logout(user: AuthUser): Promise<void> {
    await this.auth.endSession(user);
  }

  /** Ends every session of the user ("log out everywhere"), the current one included. */
  async logoutEverywhere(user: AuthUser): Promise<void> {
    await this.auth.endSessions(user.id);
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
   * email is unverified, and a link to verify it is sent to it. The role never changes here.
   */
  async updateProfile(user: AuthUser, input: ProfileUpdateInput, ip: string): Promise<User> {
    const holder = await this.users.findByEmail(input.email);
    if (holder && holder.id !== user.id) throw new EmailTakenError(EMAIL_USED_BY_ANOTHER);
    const newPassword = input.password ? input.password : undefined;
    if (newPassword) await this.checkCurrentPassword(user, input.currentPassword ?? '', ip);
    const changes = {
      name: input.name,
      email: input.email,
      phone: input.phone,
      address: input.address,
      ...(newPassword ? { passwordHash: await this.hasher.hash(newPassword) } : {}),
    };
    const result = await this.users.transaction(async (tx) => {
      const saved = await this.users.updateProfile(user.id, changes, tx);
      // `user.email` is the stored one, read with the session on this request.
      if (typeof saved !== 'string' && saved.email.toLowerCase() !== user.email.toLowerCase()) await this.emailLinks.enqueueVerification(tx, saved);
      return saved;
    });
    if (result === 'email-taken') throw new EmailTakenError(EMAIL_USED_BY_ANOTHER);
    if (result === 'not-found') throw new UserNotFoundError();
    // Whoever holds another of this account's tokens (a stolen one, say) is signed out.
    if (newPassword) await this.auth.endSessions(user.id, user.sessionId);
    return result;
  }

  /**
   * Checks the signed-in user's password (guesses count against the login throttle of the account
   * and address); refused naming `field`.
   */
  async checkCurrentPassword(user: AuthUser, currentPassword: string, ip: string, field: 'currentPassword' | 'password' = 'currentPassword'): Promise<void> {
    await this.throttle.begin(ip, user.email);
    const account = await this.users.findByEmail(user.email);
    if (!account || account.id !== user.id) throw new UserNotFoundError();
    if (!(await this.hasher.verify(account.passwordHash, currentPassword))) throw new CurrentPasswordIncorrectError(field);
    await this.throttle.succeeded(ip, user.email);
  }

  /**
   * Makes sure the configured admin account exists with the configured password and role 1
   * (created on first start, updated when ADMIN_PASSWORD changes), its email counted as verified
   * (the operator named it). The role is never granted to an account while sessions of its
   * earlier holder live on: when ADMIN_EMAIL names an existing non-admin account, every session of
   * it ends and its password becomes ADMIN_PASSWORD in the same transaction that makes it admin,
   * and a warning names it ('taken-over').
   */
  async ensureAdmin(admin: { email: string; password: string; name: string }): Promise<'created' | 'updated' | 'taken-over' | 'unchanged'> {
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
    const passwordMatches = await this.hasher.verify(existing.passwordHash, admin.password);
    if (passwordMatches && existing.role === Role.Admin && existing.staffRole === 'owner') return 'unchanged';
    const passwordHash = passwordMatches ? existing.passwordHash : await this.hasher.hash(admin.password);
    if (existing.role === Role.Admin) {
      await this.users.updateAdmin(existing.id, { passwordHash, role: Role.Admin, staffRole: 'owner' });
      this.logger.log(`Admin account ${admin.email} updated`);
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
