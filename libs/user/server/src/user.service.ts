import { type AuthSession, type LoginInput, type ProfileUpdateInput, type RegisterInput, Role, type User } from '@dealership/user-schemas';
import { AuthService, LoginThrottle } from '@dealership/server-auth';
import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { PasswordHasher } from './password-hasher';
import { UserRepository } from './user.repository';
import { EmailTakenError, InvalidCredentialsError, UserNotFoundError } from './user.errors';

const EMAIL_USED_BY_ANOTHER = 'Email is already used by another account';

@Injectable()
export class UserService {
  private readonly logger = new Logger('UserService');

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly auth: AuthService,
    private readonly throttle: LoginThrottle,
  ) {}

  /** Creates a customer account (role 0, whatever was asked). */
  async register(input: RegisterInput): Promise<User> {
    // Checked first so a taken email costs no hashing; the insert still guards against a race.
    if (await this.users.findByEmail(input.email)) throw new EmailTakenError();
    const user = await this.users.create({
      name: input.name,
      email: input.email,
      passwordHash: await this.hasher.hash(input.password),
      phone: input.phone,
      address: input.address,
      role: Role.User,
    });
    if (!user) throw new EmailTakenError();
    return user;
  }

  /**
   * Checks the credentials and issues a token. Unknown email and wrong password get the same
   * error after the same work; repeated failures per account or client address are throttled.
   */
  async login(input: LoginInput, ip: string): Promise<AuthSession> {
    this.throttle.begin(ip, input.email);
    const found = await this.users.findByEmail(input.email);
    const valid = found ? await this.hasher.verify(found.passwordHash, input.password) : await this.hasher.verifyNoAccount(input.password);
    if (!found || !valid) throw new InvalidCredentialsError();
    this.throttle.succeeded(ip, input.email);
    const { passwordHash: _hash, ...user } = found;
    return { user, token: this.auth.issueToken(user.id) };
  }

  async me(userId: string): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw new UserNotFoundError();
    return user;
  }

  /** Saves the user's own profile. An empty password keeps the current one; the role never changes here. */
  async updateProfile(userId: string, input: ProfileUpdateInput): Promise<User> {
    const holder = await this.users.findByEmail(input.email);
    if (holder && holder.id !== userId) throw new EmailTakenError(EMAIL_USED_BY_ANOTHER);
    const result = await this.users.updateProfile(userId, {
      name: input.name,
      email: input.email,
      phone: input.phone,
      address: input.address,
      ...(input.password ? { passwordHash: await this.hasher.hash(input.password) } : {}),
    });
    if (result === 'email-taken') throw new EmailTakenError(EMAIL_USED_BY_ANOTHER);
    if (result === 'not-found') throw new UserNotFoundError();
    return result;
  }

  /**
   * Makes sure the configured admin account exists with the configured password and role 1
   * (created on first start, updated when ADMIN_PASSWORD changes).
   */
  async ensureAdmin(admin: { email: string; password: string; name: string }): Promise<'created' | 'updated' | 'unchanged'> {
    const existing = await this.users.findByEmail(admin.email);
    if (!existing) {
      await this.users.create({
        name: admin.name,
        email: admin.email.toLowerCase(),
        passwordHash: await this.hasher.hash(admin.password),
        phone: '',
        address: '',
        role: Role.Admin,
      });
      this.logger.log(`Admin account ${admin.email} created`);
      return 'created';
    }
    const passwordMatches = await this.hasher.verify(existing.passwordHash, admin.password);
    if (passwordMatches && existing.role === Role.Admin) return 'unchanged';
    await this.users.updateAdmin(existing.id, {
      passwordHash: passwordMatches ? existing.passwordHash : await this.hasher.hash(admin.password),
      role: Role.Admin,
    });
    this.logger.log(`Admin account ${admin.email} updated`);
    return 'updated';
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
