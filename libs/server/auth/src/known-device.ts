import { APP_CONFIG, type AppConfig, resolveJwtSecret } from '@dealership/server-core';
import { Inject, Injectable } from '@nestjs/common';
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A browser that signed in to an account before (OWASP's "device cookies", kept by our web app
 * per email beside the session): its attempts on that account skip the account's delay, which
 * anyone's failures set (`ACCOUNT_SIGN_IN_DELAY`), up to failures of its own (`KNOWN_DEVICE_FAILURES`).
 * So whoever floods an account with wrong passwords slows the strangers down, never its owner.
 *
 * A device is `<id>.<mac>`: a random id and an HMAC of the account's email and the id under a key
 * of its own (HKDF of the JWT secret, labelled), so it names one account and cannot be made up. It
 * keeps nothing in the database: its failures are throttle counters under its id.
 */
@Injectable()
export class KnownDevices {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = Buffer.from(hkdfSync('sha256', resolveJwtSecret(config), '', 'dealership known sign-in device', 32));
  }

  /** A new device for `email`'s account (given on a successful sign-in). */
  issue(email: string): string {
    const id = randomBytes(16).toString('base64url');
    return `${id}.${this.mac(email, id)}`;
  }

  /** The device's id when `device` was issued for `email`'s account, else undefined. */
  idFor(email: string, device: string | undefined): string | undefined {
    const [id, mac, extra] = (device ?? '').split('.');
    if (!id || !mac || extra !== undefined || !/^[\w-]{22}$/.test(id)) return undefined;
    const expected = Buffer.from(this.mac(email, id));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  }

  private mac(email: string, id: string): string {
    return createHmac('sha256', this.key).update(`${email.trim().toLowerCase()}\n${id}`).digest('base64url');
  }
}
