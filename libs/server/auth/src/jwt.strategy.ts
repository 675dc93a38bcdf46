import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { type AuthUser, IdSchema } from '@dealership/shared-schemas';
import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { PassportStrategy } from '@nestjs/passport';
import passport from 'passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { z } from 'zod';
import { AUTH_SESSION_STORE, type AuthSessionStore } from './auth-session-store';
import { TokenKeys } from './token-keys';

/** passport-jwt's `secretOrKeyProvider` over `keys`: a token naming a key we do not hold fails. */
function keyProvider(keys: TokenKeys) {
  return (_request: unknown, rawToken: string, done: (error: Error | null, key?: string | Buffer) => void) => {
    const key = keys.verifying(rawToken);
    if (key) done(null, key);
    else done(new Error('signed with a key we do not hold'));
  };
}

/** The strategy's name in its passport registry. */
export const JWT_STRATEGY = 'jwt';

/**
 * What a token says: whose it is, which session (login) it belongs to, and when it expires. A token
 * without `exp` is refused (passport-jwt checks `exp` only when present). The role is read from the
 * database on each request.
 */
const TokenPayloadSchema = z.object({ sub: IdSchema, sid: IdSchema, exp: z.number().int() });

/** The legacy client sent the token bare (`Authorization: <jwt>`); others send `Bearer <jwt>`. */
const fromBareHeader = (request: { headers: { authorization?: string } }): string | null => {
  const value = request.headers.authorization?.trim();
  return value && !/\s/.test(value) ? value : null;
};

// Each strategy instance registers in a passport of its own rather than the process-wide one, so
// two apps in one process (integration tests, each with its own secret) never verify with each
// other's strategy. `getPassportInstance` runs inside the base constructor, before fields exist.
type Registry = InstanceType<typeof passport.Passport>;
const registries = new WeakMap<object, Registry>();

/**
 * passport-jwt through `@nestjs/passport`: HS256 only (a token naming another algorithm, or none,
 * is refused whatever its signature), signature and expiry checked by passport-jwt, then the
 * session must still exist and the account with it (one lookup through the `AuthSessionStore` port
 * on every request).
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, JWT_STRATEGY) {
  private store?: AuthSessionStore;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly moduleRef: ModuleRef,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([ExtractJwt.fromAuthHeaderAsBearerToken(), fromBareHeader]),
      // The key the token names (`TokenKeys`): the current one or a previous secret's.
      secretOrKeyProvider: keyProvider(new TokenKeys(config)),
      algorithms: ['HS256'],
    });
  }

  /** This strategy's passport (`@nestjs/passport` calls it to register the strategy). */
  getPassportInstance(): Registry {
    const registry = registries.get(this) ?? new passport.Passport();
    registries.set(this, registry);
    return registry;
  }

  async validate(payload: unknown): Promise<AuthUser | false> {
    const parsed = TokenPayloadSchema.safeParse(payload);
    if (!parsed.success) return false;
    return (await this.sessions().findAuthUser(parsed.data.sub, parsed.data.sid)) ?? false;
  }

  // Resolved on first use, from whichever module provides the port (UserModule in the app), so
  // auth does not import the user feature that itself needs auth to issue tokens.
  private sessions(): AuthSessionStore {
    this.store ??= this.moduleRef.get<AuthSessionStore>(AUTH_SESSION_STORE, { strict: false });
    return this.store;
  }
}
