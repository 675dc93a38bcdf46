import { Role } from '@dealership/user-schemas';
import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { PasswordHasher } from './password-hasher';
import { UserRepository } from './user.repository';

@Injectable()
export class UserService {
  private readonly logger = new Logger('UserService');

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
  ) {}

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
    await this.users.updateAdmin(existing._id, {
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
