import { APP_CONFIG, type AppConfig, type PurposeKeys, purposeKeys } from '@dealership/server-core';
import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A browser that signed in to an account before (OWASP's "device cookies", kept by our web app
 * per email beside the session): its attempts on that account skip the account's delay, which
 * anyone's failures set (`ACCOUNT_SIGN_IN_DELAY`), up to failures of its own (`KNOWN_DEVICE_FAILURES`).
 * So whoever floods an account with wrong passwords slows the strangers down, never its owner.
 *
 * A device is `<id>.<mac>`: a random id and an HMAC of the account's email and the id under a key
 * of its own (`purposeKeys`: HKDF of the JWT secret, labelled; a previous secret's still verify), so it names one account and cannot be made up. It
 * keeps nothing in the database: its failures are throttle counters under its id.
 */
@Injectable()
export class KnownDevices {
  private readonly keys: PurposeKeys;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.keys = purposeKeys(config, 'known-device');
  }

  /** A new device for `email`'s account (given on a successful sign-in). */
  issue(email: string): string {
    const id = randomBytes(16).toString('base64url');
    return `${id}.${this.mac(this.keys.current.key, email, id)}`;
  }

  /** The device's id when `device` was issued for `email`'s account, else undefined. */
  idFor(email: string, device: string | undefined): string | undefined {
    const [id, mac, extra] = (device ?? '').split('.');
    if (!id || !mac || extra !== undefined || !/^[\w-]{22}$/.test(id)) return undefined;
    const given = Buffer.from(mac);
    const ours = this.keys.all.some(({ key }) => {
      const expected = Buffer.from(this.mac(key, email, id));
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
    return ours ? id : undefined;
  }

  private mac(key: Buffer, email: string, id: string): string {
    return createHmac('sha256', key).update(`${email.trim().toLowerCase()}\n${id}`).digest('base64url');
  }
}
