import { APP_CONFIG, type AppConfig, resolveJwtSecret } from '@dealership/server-core';
import type { AuthUser } from '@dealership/user-schemas';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Access, type AccessDenial, accessDenial } from './access';
import { JWT_STRATEGY, JwtStrategy } from './jwt.strategy';

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** `7d`, `12h`, `15m`, `30s` (the format the configuration accepts) in seconds. */
export function durationSeconds(duration: string): number {
  const match = /^(\d+)([smhd])$/.exec(duration);
  if (!match) throw new Error(`Not a duration: ${duration}`);
  return Number(match[1]) * UNIT_SECONDS[match[2]];
}

/**
 * Issues and checks the API's tokens: HS256 JWTs signed with `resolveJwtSecret(config)`, expiring
 * after `config.jwt.expiresIn`. REST (the access guard) and tRPC (the request context) both
 * authenticate through `userFromAuthorization`, which runs the passport-jwt strategy.
 */
@Injectable()
export class AuthService {
  private readonly signer: JwtService;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly strategy: JwtStrategy,
  ) {
    this.signer = new JwtService({ secret: resolveJwtSecret(config), signOptions: { algorithm: 'HS256', expiresIn: durationSeconds(config.jwt.expiresIn) } });
  }

  /** A token for the user's next requests. */
  issueToken(userId: string): string {
    return this.signer.sign({ sub: userId });
  }

  /**
   * The user an `Authorization` header (`<jwt>` or `Bearer <jwt>`) belongs to, or null when it is
   * missing, malformed, forged, expired, or of an account that no longer exists.
   */
  userFromAuthorization(authorization: string | undefined): Promise<AuthUser | null> {
    if (!authorization) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      // passport's own authenticate, with a callback (no session, no response written).
      const authenticate = this.strategy
        .getPassportInstance()
        .authenticate(JWT_STRATEGY, { session: false }, (error: unknown, user: AuthUser | false) => (error ? reject(error) : resolve(user || null)));
      authenticate({ headers: { authorization } } as IncomingMessage, {} as ServerResponse, (error?: unknown) => (error ? reject(error) : resolve(null)));
    });
  }

  /** Why the bearer of `authorization` may not use something at `access` level, or null when they may. */
  async denialFor(authorization: string | undefined, access: Access): Promise<AccessDenial | null> {
    return accessDenial(await this.userFromAuthorization(authorization), access);
  }
}
