import { Outbox, smsMessage } from '@dealership/message-server';
import { PhoneCodeThrottle } from '@dealership/server-auth';
import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { type AuthUser, normaliseKenyanPhone, SITE_NAME } from '@dealership/shared-schemas';
import { PHONE_CODE_LENGTH, type TextChannel, type TextMessages } from '@dealership/user-schemas';
import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { PhoneVerificationRepository } from './phone-verification.repository';
import { UserRepository } from './user.repository';
import { PhoneCodeInvalidError, PhoneNotVerifiableError, TextChannelUnavailableError, UserNotFoundError } from './user.errors';

/** How long a code works. */
export const PHONE_CODE_TTL_MINUTES = 10;
/** Wrong codes after which a code stops working (a new one must be asked for). */
export const PHONE_CODE_MAX_FAILURES = 5;

const hashCode = (userId: string, code: string) => createHash('sha256').update(`${userId}:${code}`, 'utf8').digest();

/**
 * Proves that an account holds its phone, by a code sent to it by SMS, and keeps how the site's
 * texts reach that phone (SMS, WhatsApp or both). The proved number is what lets the site send by
 * WhatsApp and what puts the person's WhatsApp conversations in their data export.
 */
@Injectable()
export class PhoneVerificationService {
  constructor(
    private readonly users: UserRepository,
    private readonly codes: PhoneVerificationRepository,
    private readonly outbox: Outbox,
    private readonly throttle: PhoneCodeThrottle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async status(userId: string): Promise<TextMessages> {
    const row = await this.users.textMessagesOf(userId);
    if (!row) throw new UserNotFoundError();
    const verified = row.verifiedPhone !== null && row.verifiedPhone === normaliseKenyanPhone(row.phone);
    return {
      phone: row.phone,
      verified,
      channel: verified ? row.textChannel : 'sms',
      canVerify: this.config.messaging.sms !== null,
      whatsappAvailable: this.config.messaging.whatsapp?.notifyTemplate != null,
    };
  }

  /** Texts a fresh code to the account's phone (an earlier one stops working); throttled per account and per number. */
  async sendCode(user: AuthUser): Promise<{ sentTo: string }> {
    if (this.config.messaging.sms === null) throw new PhoneNotVerifiableError('This site sends no SMS yet, so a phone number cannot be confirmed');
    const row = await this.users.textMessagesOf(user.id);
    if (!row) throw new UserNotFoundError();
    const phone = normaliseKenyanPhone(row.phone);
    if (!phone) throw new PhoneNotVerifiableError();
    await this.throttle.begin(user.id, phone);
    const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
    const text = `${SITE_NAME}: your code is ${code}. It confirms this number for your account and works for ${PHONE_CODE_TTL_MINUTES} minutes. Never share it.`;
    await this.codes.transaction(async (tx) => {
      await this.codes.save(tx, { userId: user.id, phone, codeHash: hashCode(user.id, code).toString('hex'), ttlMs: PHONE_CODE_TTL_MINUTES * 60_000 });
      await this.outbox.enqueue(tx, [smsMessage(phone, 'phone.verify', text, { sensitive: true })]);
    });
    return { sentTo: phone };
  }

  /** The code from the SMS: the account's current number is proved (and taken from any account that held it). */
  async verify(user: AuthUser, code: string): Promise<TextMessages> {
    const row = await this.users.textMessagesOf(user.id);
    if (!row) throw new UserNotFoundError();
    const current = normaliseKenyanPhone(row.phone);
    // Every account's tries at one number count together: several accounts cannot share out the guessing.
    if (current) await this.throttle.beginCheck(current);
    const outcome = await this.codes.transaction(async (tx) => {
      const sent = await this.codes.lock(tx, user.id);
      // A code for a number the account no longer has proves nothing of the new one.
      if (!sent || sent.expired || sent.failedAttempts >= PHONE_CODE_MAX_FAILURES || sent.phone !== current) return 'expired' as const;
      if (!timingSafeEqual(hashCode(user.id, code), Buffer.from(sent.codeHash, 'hex'))) {
        await this.codes.countFailure(tx, user.id);
        return sent.failedAttempts + 1 >= PHONE_CODE_MAX_FAILURES ? ('expired' as const) : ('wrong' as const);
      }
      await this.users.markPhoneVerified(tx, user.id, sent.phone);
      await this.codes.remove(tx, user.id);
      return 'verified' as const;
    });
    if (outcome === 'wrong') throw new PhoneCodeInvalidError('That code is not the one we sent: check the SMS and type it again');
    if (outcome === 'expired') throw new PhoneCodeInvalidError('That code no longer works: ask for a new one');
    return this.status(user.id);
  }

  /** How the site's texts reach the account's phone; WhatsApp only for a proved number, and only when the site can send by WhatsApp. */
  async setTextChannel(user: AuthUser, channel: TextChannel): Promise<TextMessages> {
    const status = await this.status(user.id);
    if (channel !== 'sms') {
      if (!status.whatsappAvailable) throw new TextChannelUnavailableError('This site does not send its messages by WhatsApp');
      if (!status.verified) throw new TextChannelUnavailableError('Confirm your phone number first: WhatsApp messages go only to a number you have confirmed');
    }
    await this.users.setTextChannel(user.id, channel);
    return { ...status, channel };
  }
}
