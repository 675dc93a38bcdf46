import { hash, verify } from '@node-rs/argon2';
import { Injectable } from '@nestjs/common';

/** Password hashing with argon2id (the library's default algorithm; the tests pin it). */
@Injectable()
export class PasswordHasher {
  hash(password: string): Promise<string> {
    // OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
    return hash(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  }

  verify(passwordHash: string, password: string): Promise<boolean> {
    return verify(passwordHash, password).catch(() => false);
  }
}
