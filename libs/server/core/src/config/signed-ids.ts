import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from './env';
import { type KeyPurpose, type PurposeKeys, purposeKeys } from './secrets';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Tokens that name one record by its id, `<uuid>.<signature>`, for links sent to a person (an
 * import's tracking page, a trade-in offer): signed with a key derived from the server's secret for
 * `purpose`, so they need no sign-in and no stored row, work on every instance, cannot be made for
 * another record, and keep working after a secret rotation while the old secret is listed.
 */
export class SignedIds {
  private readonly keys: PurposeKeys;

  constructor(config: Pick<AppConfig, 'jwt' | 'dataDir'>, private readonly purpose: KeyPurpose) {
    this.keys = purposeKeys(config, purpose);
  }

  token(id: string): string {
    return `${id}.${this.sign(this.keys.current.key, id)}`;
  }

  /** The id a token speaks for, or null when it is not one of ours. */
  verify(token: string): string | null {
    const [id, signature, ...rest] = token.split('.');
    if (rest.length > 0 || !id || !signature || !UUID.test(id)) return null;
    const actual = Buffer.from(signature);
    const ours = this.keys.all.some(({ key }) => {
      const expected = Buffer.from(this.sign(key, id));
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    });
    return ours ? id : null;
  }

  private sign(key: Buffer, id: string): string {
    return createHmac('sha256', key).update(`${this.purpose}:${id}`).digest('base64url');
  }
}
