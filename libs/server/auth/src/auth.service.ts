import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import type { AuthUser } from '@dealership/shared-schemas';
import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Access, type AccessDenial, accessDenial } from './access';
import { AUTH_SESSION_STORE, type AuthSessionStore } from './auth-session-store';
import { JWT_STRATEGY, JwtStrategy } from './jwt.strategy';
import { TokenKeys } from './token-keys';

/** The audience of second-step challenges: a session token is never one, nor the other way round. */
const SECOND_FACTOR_AUDIENCE = 'second-factor';
const SECOND_FACTOR_CHALLENGE_SECONDS = 5 * 60;

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** `7d`, `12h`, `15m`, `30s` (the format the configuration accepts) in seconds. */
export function durationSeconds(duration: string): number {
  const match = /^(\d+)([smhd])$/.exec(duration);
  if (!match) throw new Error(`Not a duration: ${duration}`);
  return Number(match[1]) * UNIT_SECONDS[match[2]];
}

/**
 * Issues and checks the API's tokens: HS256 JWTs signed with the session tokens' key (`TokenKeys`), each
 * naming its user (`sub`) and its session (`sid`, a row the `AuthSessionStore` keeps) and expiring
 * with the session after `config.jwt.expiresIn`. REST (the access guard) and tRPC (the request
 * context) both authenticate through `userFromAuthorization`, which runs the passport-jwt strategy.
 */
@Injectable()
export class AuthService {
  private readonly signer: JwtService;
  private readonly keys: TokenKeys;
  private readonly lifetimeSeconds: number;
  private store?: AuthSessionStore;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly strategy: JwtStrategy,
    private readonly moduleRef: ModuleRef,
  ) {
    this.keys = new TokenKeys(config);
    const { secret, keyid } = this.keys.signing;
    this.signer = new JwtService({ secret, signOptions: { algorithm: 'HS256', keyid } });
    this.lifetimeSeconds = durationSeconds(config.jwt.expiresIn);
  }

  /**
   * Starts a session of the user (a login) and returns the token for their next requests. An
   * enrolment-only session keeps a staff member out of the back office until they have a second factor.
   */
  async startSession(userId: string, options: { enrolmentOnly?: boolean } = {}): Promise<string> {
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAt = issuedAt + this.lifetimeSeconds;
    const sessionId = await this.sessions().createSession(userId, new Date(expiresAt * 1000), options);
    return this.signer.sign({ sub: userId, sid: sessionId, iat: issuedAt, exp: expiresAt });
  }

  /**
   * A token for the second step of a sign-in: the password was right, the code is still to come.
   * It names the user, is valid for 5 minutes, and is no session token (its audience differs).
   */
  signSecondFactorChallenge(userId: string): string {
    return this.signer.sign({ sub: userId, aud: SECOND_FACTOR_AUDIENCE }, { expiresIn: SECOND_FACTOR_CHALLENGE_SECONDS });
  }

  /** The user a second-step challenge names, or null when it is forged, expired or another kind of token. */
  verifySecondFactorChallenge(challenge: string): string | null {
    try {
      const secret = this.keys.verifying(challenge);
      if (!secret) return null;
      const payload = this.signer.verify<{ sub?: unknown; aud?: unknown }>(challenge, { secret, audience: SECOND_FACTOR_AUDIENCE, algorithms: ['HS256'] });
      return typeof payload.sub === 'string' ? payload.sub : null;
    } catch {
      return null;
    }
  }

  /** Ends the session the user's current token belongs to (logout); their other sessions stay. */
  async endSession(user: AuthUser): Promise<void> {
    if (user.sessionId) await this.sessions().revokeSession(user.id, user.sessionId);
  }

  /** Ends every session of the user ("log out everywhere"), or every one but `keepSessionId`. */
  endSessions(userId: string, keepSessionId?: string): Promise<void> {
    return this.sessions().revokeSessions(userId, keepSessionId);
  }

  /**
   * The user an `Authorization` header (`<jwt>` or `Bearer <jwt>`) belongs to, or null when it is
   * missing, malformed, forged, expired, without `exp`, of a session that was ended, or of an
   * account that no longer exists. The user carries the token's `sessionId`.
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

  // Resolved on first use, like the strategy's (the user feature provides the store).
  private sessions(): AuthSessionStore {
    this.store ??= this.moduleRef.get<AuthSessionStore>(AUTH_SESSION_STORE, { strict: false });
    return this.store;
  }
}
