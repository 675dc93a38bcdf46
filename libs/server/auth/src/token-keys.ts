import { type AppConfig, type PurposeKeys, purposeKeys, resolveJwtSecret } from '@dealership/server-core';

/**
 * The session tokens' keys (`purposeKeys(config, 'session-token')`): a token is signed with the
 * current key and names it in its header (`kid`); it is verified with the key it names, the
 * current one or a previous secret's (JWT_SECRET_PREVIOUS), and with none other. A token without
 * `kid` was signed with the secret itself, before the keys were derived: it is verified with the
 * current secret until it expires (JWT_EXPIRES_IN after this version's first start).
 */
export class TokenKeys {
  private readonly keys: PurposeKeys;
  private readonly legacySecret: string;

  constructor(config: Pick<AppConfig, 'jwt' | 'dataDir'>) {
    this.keys = purposeKeys(config, 'session-token');
    this.legacySecret = resolveJwtSecret(config);
  }

  /** What a new token is signed with. */
  get signing(): { secret: Buffer; keyid: string } {
    return { secret: this.keys.current.key, keyid: this.keys.current.id };
  }

  /** The key that verifies `token`: the one its header names, the legacy secret when it names none, undefined for an unknown key. */
  verifying(token: string): Buffer | string | undefined {
    let kid: unknown;
    try {
      kid = (JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as { kid?: unknown }).kid;
    } catch {
      return undefined;
    }
    if (kid === undefined) return this.legacySecret;
    return this.keys.all.find((key) => key.id === kid)?.key;
  }
}
