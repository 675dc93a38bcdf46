import { type AuditActor, type AuditClient, AuditService } from '@dealership/audit-server';
import { APP_CONFIG, type AppConfig, type PurposeKeys, purposeKeys } from '@dealership/server-core';
import { SITE_NAME } from '@dealership/shared-schemas';
import { RECOVERY_CODE_COUNT, TRUSTED_DEVICE_DAYS, type TwoFactorSetup, type TwoFactorStatus } from '@dealership/user-schemas';
import type { Database, Transaction } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { PasswordHasher } from './password-hasher';
import { TwoFactorRepository } from './two-factor.repository';
import { SecondFactorInvalidError, TwoFactorNotAvailableError, TwoFactorProofRequiredError } from './user.errors';
import { UserRepository } from './user.repository';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
/** Recovery codes are typed by hand: compared without case, spaces or dashes. */
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
/** 10 characters from an alphabet without look-alikes (no 0/o, 1/l/i), shown as xxxxx-xxxxx. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function recoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * Two-factor sign-in for staff (OWASP ASVS 2.8, level 2 for administrative access): TOTP
 * (RFC 6238, 6 digits, 30 s, one step either side) with `otpauth`, the secret encrypted at rest
 * with AES-256-GCM under a key derived from the server's secret; 10 single-use recovery codes kept
 * hashed; a remembered device for at most 30 days; a code is never accepted twice.
 */
@Injectable()
export class TwoFactorService {
  private readonly keys: PurposeKeys;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly store: TwoFactorRepository,
    private readonly users: UserRepository,
    private readonly audit: AuditService,
    private readonly hasher: PasswordHasher,
  ) {
    this.keys = purposeKeys(config, 'totp-secret');
  }

  async status(userId: string): Promise<TwoFactorStatus> {
    const stored = await this.store.stored(userId);
    const available = stored?.role === 1;
    return {
      available,
      enabled: Boolean(stored?.totpSecret),
      required: available && (await this.store.required()),
      recoveryCodesLeft: available ? await this.store.recoveryCodesLeft(userId) : 0,
    };
  }

  /** Whether the account signs in with a second step (a staff account with one). */
  async enabledFor(userId: string): Promise<boolean> {
    return Boolean((await this.store.stored(userId))?.totpSecret);
  }

  /** Whether the owner requires a second factor of every staff account. */
  required(): Promise<boolean> {
    return this.store.required();
  }

  /**
   * A new secret to enrol (replacing any unfinished one): its QR code and its text. Staff only.
   * While two-factor sign-in is on, only with the current password or a current code (ASVS 5.0
   * 6.4.x): a session alone, a stolen one say, cannot move the second factor to another phone.
   */
  async setup(user: { id: string; email: string }, proof: { currentPassword?: string; code?: string } = {}): Promise<TwoFactorSetup> {
    const stored = await this.store.stored(user.id);
    if (stored?.role !== 1) throw new TwoFactorNotAvailableError();
    if (stored.totpSecret && !(await this.proves(user, proof))) throw new TwoFactorProofRequiredError();
    const secret = new Secret({ size: 20 });
    await this.store.setPending(user.id, this.encrypt(secret.base32));
    const otpauthUrl = this.totp(secret.base32, user.email).toString();
    const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret: secret.base32, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /** Turns the second factor on with a code from the enrolled secret; the recovery codes, shown once. */
  async enable(user: { id: string; email: string; name: string }, code: string, client?: AuditClient): Promise<{ recoveryCodes: string[] }> {
    const stored = await this.store.stored(user.id);
    if (stored?.role !== 1 || !stored.totpPendingSecret) throw new TwoFactorNotAvailableError();
    const secret = this.decrypt(stored.totpPendingSecret);
    const step = this.matchingStep(secret, user.email, code);
    if (step === null) throw new SecondFactorInvalidError('code');
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
    await this.store.enable(user.id, stored.totpPendingSecret, step, codes.map((c) => sha256(normaliseRecoveryCode(c))));
    await this.audit.record({ actor: user, entity: 'user', entityId: user.id, label: `Staff ${user.name}`, action: 'enableTwoFactor', client });
    return { recoveryCodes: codes };
  }

  /**
   * The second step of a sign-in: a code from the app (never one accepted before) or an unused
   * recovery code. False when neither is right.
   */
  async verify(userId: string, email: string, proof: { code?: string; recoveryCode?: string }): Promise<boolean> {
    const stored = await this.store.stored(userId);
    if (!stored?.totpSecret) return false;
    if (proof.recoveryCode) return this.store.useRecoveryCode(userId, sha256(normaliseRecoveryCode(proof.recoveryCode)));
    let secret: string;
    try {
      secret = this.decrypt(stored.totpSecret);
    } catch {
      // Sealed under a secret no longer configured: no code can match (an owner resets it).
      return false;
    }
    const step = this.matchingStep(secret, email, proof.code ?? '');
    if (step === null || !(await this.store.acceptStep(userId, step))) return false;
    // Sealed under a previous secret (JWT_SECRET_PREVIOUS): sealed again under the current key, so dropping that secret later loses nothing.
    if (!this.sealedWithCurrent(stored.totpSecret)) await this.store.reseal(userId, this.encrypt(secret));
    return true;
  }

  /** Remembers this device for TRUSTED_DEVICE_DAYS: its token, for the browser to keep. */
  async trustDevice(userId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.store.trustDevice(userId, sha256(token), new Date(Date.now() + TRUSTED_DEVICE_DAYS * 86_400_000));
    return token;
  }

  isTrustedDevice(userId: string, token: string): Promise<boolean> {
    return this.store.isTrustedDevice(userId, sha256(token));
  }

  /** Forgets every remembered device of the account (a password reset or change, "log out everywhere"): each asks for the second step again. */
  forgetDevices(userId: string, db?: Database | Transaction): Promise<void> {
    return this.store.forgetDevices(userId, db);
  }

  /** Whether `proof` is the account's current password or a current code from its app. */
  private async proves(user: { id: string; email: string }, proof: { currentPassword?: string; code?: string }): Promise<boolean> {
    if (proof.code && (await this.verify(user.id, user.email, { code: proof.code }))) return true;
    if (!proof.currentPassword) return false;
    const account = await this.users.findByEmail(user.email);
    return account?.id === user.id && (await this.hasher.verify(account.passwordHash, proof.currentPassword));
  }

  /** An owner resets a staff member's second factor (a lost phone): they sign in with the password alone, then enrol again. */
  async reset(userId: string, actor: AuditActor, client?: AuditClient): Promise<void> {
    await this.users.transaction((tx) => this.store.reset(tx, userId));
    await this.audit.record({ actor, entity: 'user', entityId: userId, action: 'resetTwoFactor', client });
  }

  async setRequired(required: boolean, actor: AuditActor, client?: AuditClient): Promise<void> {
    await this.store.setRequired(required);
    await this.audit.record({ actor, entity: 'user', entityId: actor.id, label: 'Two-factor sign-in for all staff', action: 'requireTwoFactor', after: { required }, client });
  }

  private totp(secret: string, email: string): TOTP {
    return new TOTP({ issuer: SITE_NAME, label: email, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  }

  /** The time step a 6-digit code belongs to (this one or the one either side), or null. */
  private matchingStep(secret: string, email: string, code: string): number | null {
    const token = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(token)) return null;
    const totp = this.totp(secret, email);
    const delta = totp.validate({ token, window: 1 });
    return delta === null ? null : totp.counter() + delta;
  }

  private encrypt(text: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys.current.key, iv);
    const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  /** Whether `sealed` opens under the current key. */
  private sealedWithCurrent(sealed: string): boolean {
    try {
      this.open(sealed, this.keys.current.key);
      return true;
    } catch {
      return false;
    }
  }

  private open(sealed: string, key: Buffer): string {
    const [, iv, tag, data] = sealed.split('.');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** The text `sealed` holds, under the current key or a previous secret's (GCM says which: a wrong key fails its tag). */
  private decrypt(sealed: string): string {
    for (const { key } of this.keys.all) {
      try {
        return this.open(sealed, key);
      } catch {
        // Not this key: the next one.
      }
    }
    throw new Error('a second factor sealed under a key no longer configured (JWT_SECRET_PREVIOUS)');
  }
}
