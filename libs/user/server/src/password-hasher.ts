import { hash, verify } from '@node-rs/argon2';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { isCommonPassword } from '@dealership/server-core';
import { CommonPasswordError } from './user.errors';

/** Password hashing with argon2id (the library's default algorithm; the tests pin it). */
@Injectable()
export class PasswordHasher implements OnModuleInit {
  private dummyHash?: Promise<string>;

  async onModuleInit() {
    // Made at start so the first unknown-email login is not slower than the others.
    await this.dummy();
  }

  /**
   * The hash of a password being set (registration, change, reset, a staff invite accepted): every
   * new password passes here, so a common one (`isCommonPassword`) is refused here, before any work.
   */
  hash(password: string): Promise<string> {
    if (isCommonPassword(password)) return Promise.reject(new CommonPasswordError());
    // OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
    return hash(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  }

  verify(passwordHash: string, password: string): Promise<boolean> {
    return verify(passwordHash, password).catch(() => false);
  }

  /**
   * Does the work of a real check against a hash nobody's password matches, and answers false:
   * a login for an unknown email takes as long as one with a wrong password.
   */
  async verifyNoAccount(password: string): Promise<false> {
    await this.verify(await this.dummy(), password);
    return false;
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= this.hash(randomBytes(32).toString('base64url'));
    return this.dummyHash;
  }
}
