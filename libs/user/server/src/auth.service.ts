import { APP_CONFIG, type AppConfig, resolveJwtSecret } from '@dealership/server-core';
import { IdSchema } from '@dealership/shared-schemas';
import { type Access, type AccessDenial, type AuthUser, accessDenial } from '@dealership/user-schemas';
import { JwtService } from '@nestjs/jwt';
import { Inject, Injectable } from '@nestjs/common';
import { ExtractJwt, Strategy, type VerifiedCallback } from 'passport-jwt';
import { z } from 'zod';
import { UserRepository } from './user.repository';

/** What a token says: only whose it is. The role is read from the database on each request. */
const TokenPayloadSchema = z.object({ sub: IdSchema });

/** The request as passport-jwt reads it: only the headers. */
interface HeaderRequest {
  headers: { authorization?: string };
}

/** A strategy as passport runs it for one request, with the outcome callbacks it adds. */
interface StrategyAttempt {
  authenticate(request: HeaderRequest): void;
  success(user: AuthUser): void;
  fail(): void;
  error(error: unknown): void;
}

/** The legacy client sent the token bare (`Authorization: <jwt>`); others send `Bearer <jwt>`. */
const fromBareHeader = (request: HeaderRequest): string | null => {
  const value = request.headers.authorization?.trim();
  return value && !/\s/.test(value) ? value : null;
};

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** `7d`, `12h`, `15m`, `30s` (the format the configuration accepts) in seconds. */
export function durationSeconds(duration: string): number {
  const match = /^(\d+)([smhd])$/.exec(duration);
  if (!match) throw new Error(`Not a duration: ${duration}`);
  return Number(match[1]) * UNIT_SECONDS[match[2]];
}

/**
 * Issues and checks the API's tokens: HS256 JWTs signed with `resolveJwtSecret(config)`, expiring
 * after `config.jwt.expiresIn`. Checking is passport-jwt's (signature, algorithm, expiry) and then
 * the account must still exist. REST and tRPC both authenticate through `userFromAuthorization`.
 */
@Injectable()
export class AuthService {
  private readonly signer: JwtService;
  private readonly strategy: Strategy;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly users: UserRepository,
  ) {
    const secret = resolveJwtSecret(config);
    this.signer = new JwtService({ secret, signOptions: { algorithm: 'HS256', expiresIn: durationSeconds(config.jwt.expiresIn) } });
    this.strategy = new Strategy(
      {
        jwtFromRequest: ExtractJwt.fromExtractors([ExtractJwt.fromAuthHeaderAsBearerToken(), fromBareHeader]),
        secretOrKey: secret,
        // Pinned: a token naming another algorithm (or none) is refused whatever its signature.
        algorithms: ['HS256'],
      },
      (payload: unknown, done: VerifiedCallback) => {
        const parsed = TokenPayloadSchema.safeParse(payload);
        if (!parsed.success) return done(null, false);
        this.users.findAuthUser(parsed.data.sub).then((user) => done(null, user ?? false), done);
      },
    );
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
      // What passport does per request: a copy of the strategy with the outcome callbacks.
      const attempt: StrategyAttempt = Object.create(this.strategy);
      attempt.success = (user) => resolve(user);
      attempt.fail = () => resolve(null);
      attempt.error = (error) => reject(error);
      attempt.authenticate({ headers: { authorization } });
    });
  }

  /** Why the bearer of `authorization` may not use something at `access` level, or null when they may. */
  async denialFor(authorization: string | undefined, access: Access): Promise<AccessDenial | null> {
    return accessDenial(await this.userFromAuthorization(authorization), access);
  }
}
