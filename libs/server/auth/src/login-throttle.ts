import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import {
  AccountSignInDelayedError,
  LeadThrottledError,
  PublicIntakeCappedError,
  LoginThrottledError,
  OrderThrottledError,
  PaymentAttemptsThrottledError,
  RegistrationThrottledError,
} from './auth.errors';
import { throttleAddress } from './throttle-address';
import { THROTTLE_STORE, type ThrottleStore } from './throttle-store';

/**
 * Login throttling, after OWASP's lockout guidance: failures are counted per account-and-address
 * pair and per client address, and never lock an account alone (anyone could then lock the admin
 * out by failing from anywhere): an account's failures from everywhere only slow its next attempts
 * down (`ACCOUNT_SIGN_IN_DELAY`). At a limit, further attempts get 429 with `Retry-After` until the window
 * ends, without the password being checked. The address limit is higher because many customers
 * share one public address (mobile carriers' NAT, offices).
 *
 * Written here rather than with @nestjs/throttler: that counts every request, while this counts
 * failures only and forgives a pair's failures on a successful login (a customer who signs in six
 * times in a quarter hour is not locked out), which its storage API cannot express.
 */
export const LOGIN_THROTTLE = {
  /** Failures allowed for one email address from one client address per window. */
  maxFailuresPerAccountAndIp: 5,
  /** Failures allowed from one client address per window, whatever the emails. */
  maxFailuresPerIp: 20,
  windowMs: 15 * 60 * 1000,
} as const;

/**
 * Failed sign-ins to one account from any number of addresses (a botnet, rotating proxies): past
 * `freeFailures` in `windowMs`, the account takes one attempt per delay, the delay doubling with
 * each further failure from `firstDelayMs` up to `maxDelayMs`. A progressive delay rather than a
 * lockout: anyone can fail on someone else's account, so the owner must always get in after at
 * most `maxDelayMs`, while a guesser gets one try per delay instead of thousands a minute. A
 * successful sign-in forgives the account's failures.
 */
export const ACCOUNT_SIGN_IN_DELAY = {
  freeFailures: 10,
  windowMs: 60 * 60 * 1000,
  firstDelayMs: 1_000,
  maxDelayMs: 5 * 60 * 1000,
} as const;

/**
 * A known device's own failures on its account (see `KnownDevices`): while under `max` in
 * `windowMs` its attempts skip the account's delay; past it, it waits like any stranger (a stolen
 * device gets a handful of guesses, not a way round the delay).
 */
export const KNOWN_DEVICE_FAILURES = {
  max: 5,
  windowMs: 60 * 60 * 1000,
} as const;

/** The wait before the next attempt on an account with `failures` failures in its window (0 while they are free). */
export function accountSignInDelayMs(failures: number): number {
  const { freeFailures, firstDelayMs, maxDelayMs } = ACCOUNT_SIGN_IN_DELAY;
  if (failures <= freeFailures) return 0;
  // Capped exponent: 2^30 ms is far past the cap already, and larger shifts wrap around.
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(30, failures - freeFailures - 1));
}

/** Registrations (attempts, successful or not) allowed from one client address per window. */
export const REGISTRATION_THROTTLE = {
  maxPerIp: 10,
  windowMs: 60 * 60 * 1000,
} as const;

/**
 * Buyers' requests (leads) allowed from one client address: a few in a short while (a visitor asks
 * about two or three cars), and a day's cap against a script. Counted before the request is stored.
 */
export const LEAD_THROTTLE = {
  maxPerIpShort: 5,
  shortWindowMs: 10 * 60 * 1000,
  maxPerIpDay: 20,
  dayWindowMs: 24 * 60 * 60 * 1000,
} as const;

/** Buyers' photo uploads (a trade-in's pictures, at most 6 per request) per client address. */
export const LEAD_PHOTO_THROTTLE = {
  maxPerIpShort: 12,
  shortWindowMs: 10 * 60 * 1000,
  maxPerIpDay: 40,
  dayWindowMs: 24 * 60 * 60 * 1000,
} as const;

/**
 * Emailed links (password reset, email verification) asked for: each request sends an email, so a
 * few per hour per address and per account, whatever the outcome, against someone filling a
 * stranger's inbox or the dealer's sending quota. The address limit is higher for shared networks.
 */
export const EMAIL_LINK_THROTTLE = {
  /** Password reset requests for one email address per window. */
  maxResetsPerEmail: 5,
  /** Password reset requests from one client address per window, whatever the emails. */
  maxResetsPerIp: 20,
  /** Verification links one account may ask to be sent again per window. */
  maxVerificationResendsPerAccount: 3,
  /** Moves to a new email (each sends a link to the address typed) one account may ask per window. */
  maxEmailChangesPerAccount: 3,
  windowMs: 60 * 60 * 1000,
} as const;

/**
 * Phone verification codes asked for: each sends an SMS (paid by the dealer), so a few per hour per
 * account and per number, against filling a stranger's phone or the SMS budget.
 */
export const PHONE_CODE_THROTTLE = {
  maxPerAccount: 3,
  maxPerNumber: 5,
  windowMs: 60 * 60 * 1000,
  /** Codes checked against one number in a day, from every account together: guessing stays hopeless. */
  maxChecksPerNumberDay: 10,
  dayWindowMs: 24 * 60 * 60 * 1000,
} as const;

/**
 * Orders placed (reservations and paid ones alike) per buyer account and per client address: a
 * buyer places one or two, a script hundreds. The address limit is loose because most Kenyan
 * mobile buyers share their carrier's public addresses. Payment attempts (card, M-Pesa) are counted
 * per account, tighter, so the checkout cannot be used to try out stolen cards. A repeated submit
 * of one order (its idempotency key) is answered before it is counted.
 */
export const ORDER_THROTTLE = {
  maxPerAccount: 10,
  maxPerIp: 60,
  windowMs: 60 * 60 * 1000,
  maxPaymentAttemptsPerAccount: 5,
  paymentWindowMs: 60 * 60 * 1000,
} as const;

/**
 * Alert sign-ups without an account (a saved search or a price watch with an email or phone): per
 * client address as buyers' requests are, and a few confirmation links per contact per hour, so the
 * form cannot be used to fill a stranger's inbox or phone with confirmation requests.
 */
export const ALERT_SIGN_UP_THROTTLE = {
  ...LEAD_THROTTLE,
  maxConfirmationsPerContact: 3,
  contactWindowMs: 60 * 60 * 1000,
} as const;

/** The window of the caps on buyers' requests and photos from every address together (`LEAD_HOURLY_CAP`, `LEAD_PHOTO_HOURLY_CAP`). */
export const PUBLIC_INTAKE_WINDOW_MS = 60 * 60 * 1000;

/** The counters' keys (rows of `throttle_counters`); a client address counts by its `throttleAddress` (IPv6 per /64). */
export const throttleKeys = {
  loginPair: (email: string, ip: string) => `login-pair:${email.toLowerCase()}|${throttleAddress(ip)}`,
  loginIp: (ip: string) => `login-ip:${throttleAddress(ip)}`,
  loginAccount: (email: string) => `login-account:${email.toLowerCase()}`,
  loginAccountSlot: (email: string) => `login-account-slot:${email.toLowerCase()}`,
  loginDevice: (deviceId: string) => `login-device:${deviceId}`,
  registerIp: (ip: string) => `register-ip:${throttleAddress(ip)}`,
  leadIpShort: (ip: string) => `lead-ip-10m:${throttleAddress(ip)}`,
  leadPhotoIpShort: (ip: string) => `lead-photo-ip-10m:${throttleAddress(ip)}`,
  leadPhotoIpDay: (ip: string) => `lead-photo-ip-day:${throttleAddress(ip)}`,
  leadIpDay: (ip: string) => `lead-ip-day:${throttleAddress(ip)}`,
  // Every address at once: one row each, shared by every instance.
  leadsHour: 'leads-all-hour',
  leadPhotosHour: 'lead-photos-all-hour',
  resetEmail: (email: string) => `reset-email:${email.toLowerCase()}`,
  resetIp: (ip: string) => `reset-ip:${throttleAddress(ip)}`,
  verifyResendAccount: (userId: string) => `verify-resend-user:${userId}`,
  emailChangeAccount: (userId: string) => `email-change-user:${userId}`,
  phoneCodeAccount: (userId: string) => `phone-code-user:${userId}`,
  phoneCodeNumber: (phone: string) => `phone-code-number:${phone}`,
  phoneCodeChecks: (phone: string) => `phone-code-checks:${phone}`,
  orderAccount: (userId: string) => `order-user:${userId}`,
  orderIp: (ip: string) => `order-ip:${throttleAddress(ip)}`,
  paymentAccount: (userId: string) => `payment-user:${userId}`,
  alertIpShort: (ip: string) => `alert-ip-10m:${throttleAddress(ip)}`,
  alertIpDay: (ip: string) => `alert-ip-day:${throttleAddress(ip)}`,
  alertContact: (contact: string) => `alert-contact:${contact.toLowerCase()}`,
};

interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/** Counts an attempt against every limit; refuses (and takes the attempt back) when one is passed. */
export async function attempt(store: ThrottleStore, limits: Limit[], now: Date): Promise<number> {
  const counts = await store.hit(
    limits.map(({ key, windowMs }) => ({ key, windowMs })),
    now,
  );
  const over = counts.filter((c) => c.count > (limits.find((l) => l.key === c.key)?.max ?? Number.POSITIVE_INFINITY));
  if (over.length === 0) return 0;
  const waitMs = Math.max(...over.map((c) => c.windowEnd.getTime() - now.getTime()));
  // A refused attempt checks no password: it is not a failure of either counter.
  await store.takeBack(limits.map((l) => l.key));
  return Math.max(1, Math.ceil(waitMs / 1000));
}

/** Resolves the store on first use, from whichever module provides it (UserModule in the app). */
export abstract class StoredThrottle {
  private resolved?: ThrottleStore;

  constructor(protected readonly moduleRef: ModuleRef) {}

  protected store(): ThrottleStore {
    this.resolved ??= this.moduleRef.get<ThrottleStore>(THROTTLE_STORE, { strict: false });
    return this.resolved;
  }
}

/**
 * Limits login attempts with the numbers of `LOGIN_THROTTLE`. An attempt counts from its start (so
 * a parallel burst cannot slip past the limit while passwords are being checked) and is taken back
 * when it succeeds. Counters live in the `ThrottleStore` (the database): they survive a restart.
 */
@Injectable()
export class LoginThrottle extends StoredThrottle {
  constructor(moduleRef: ModuleRef) {
    super(moduleRef);
  }

  /**
   * Counts an attempt, or throws `LoginThrottledError` when the pair or the address is at its limit,
   * or `AccountSignInDelayedError` when the account's failures (from anywhere) ask it to wait. An
   * attempt from a known device of the account (`knownDeviceId`, from `KnownDevices.idFor`) counts
   * against that device instead, and is not delayed while the device's own failures are few.
   */
  async begin(ip: string, email: string, now = new Date(), knownDeviceId?: string): Promise<void> {
    const pairAndAddress = [
      { key: throttleKeys.loginPair(email, ip), max: LOGIN_THROTTLE.maxFailuresPerAccountAndIp, windowMs: LOGIN_THROTTLE.windowMs },
      { key: throttleKeys.loginIp(ip), max: LOGIN_THROTTLE.maxFailuresPerIp, windowMs: LOGIN_THROTTLE.windowMs },
    ];
    const retryAfter = await attempt(this.store(), pairAndAddress, now);
    if (retryAfter > 0) throw new LoginThrottledError(retryAfter);

    if (knownDeviceId) {
      const deviceKey = throttleKeys.loginDevice(knownDeviceId);
      const [device] = await this.store().hit([{ key: deviceKey, windowMs: KNOWN_DEVICE_FAILURES.windowMs }], now);
      if (device && device.count <= KNOWN_DEVICE_FAILURES.max) return;
      // Too many failures of its own: from now on a stranger like any other.
      await this.store().takeBack([deviceKey]);
    }

    // The account's failures from every address. Past the free ones, one attempt per slot: the
    // first attempt after a slot ends opens the next (as long as the current delay) and goes
    // through; the others in it are refused and taken back, so waiting never makes things worse.
    const accountKey = throttleKeys.loginAccount(email);
    const [account] = await this.store().hit([{ key: accountKey, windowMs: ACCOUNT_SIGN_IN_DELAY.windowMs }], now);
    const delayMs = accountSignInDelayMs(account?.count ?? 0);
    if (delayMs === 0) return;
    const slotKey = throttleKeys.loginAccountSlot(email);
    const [slot] = await this.store().hit([{ key: slotKey, windowMs: delayMs }], now);
    if (!slot || slot.count <= 1) return;
    await this.store().takeBack([slotKey, accountKey, ...pairAndAddress.map((l) => l.key)]);
    throw new AccountSignInDelayedError(Math.max(1, Math.ceil((slot.windowEnd.getTime() - now.getTime()) / 1000)));
  }

  /**
   * The attempt succeeded: it is not a failure, and the pair's and the account's earlier failures
   * are forgiven. The address keeps its other failures (signing in to one's own account between
   * guesses at others must not reset them).
   */
  /** An account was deleted: its email leaves every counter's key (its failures, its pairs with addresses). */
  forgetAccount(email: string): Promise<void> {
    return this.store().clearNaming(email);
  }

  async succeeded(ip: string, email: string, knownDeviceId?: string): Promise<void> {
    if (knownDeviceId) await this.store().clear(throttleKeys.loginDevice(knownDeviceId));
    await this.store().clear(throttleKeys.loginPair(email, ip));
    await this.store().clear(throttleKeys.loginAccount(email));
    await this.store().clear(throttleKeys.loginAccountSlot(email));
    await this.store().takeBack([throttleKeys.loginIp(ip)]);
  }
}

/** Limits registrations per client address with the numbers of `REGISTRATION_THROTTLE`. */
@Injectable()
export class RegistrationThrottle extends StoredThrottle {
  constructor(moduleRef: ModuleRef) {
    super(moduleRef);
  }

  /** Counts a registration attempt, or throws `RegistrationThrottledError` at the limit. */
  async begin(ip: string, now = new Date()): Promise<void> {
    const retryAfter = await attempt(
      this.store(),
      [{ key: throttleKeys.registerIp(ip), max: REGISTRATION_THROTTLE.maxPerIp, windowMs: REGISTRATION_THROTTLE.windowMs }],
      now,
    );
    if (retryAfter > 0) throw new RegistrationThrottledError(retryAfter);
  }
}

/** Limits alert sign-ups per client address and confirmation links per contact (`ALERT_SIGN_UP_THROTTLE`). */
@Injectable()
export class AlertSignUpThrottle extends StoredThrottle {
  constructor(moduleRef: ModuleRef) {
    super(moduleRef);
  }

  /** Counts a sign-up from `ip`, or throws `LeadThrottledError` at a limit. */
  async begin(ip: string, now = new Date()): Promise<void> {
    const limits = ALERT_SIGN_UP_THROTTLE;
    const retryAfter = await attempt(
      this.store(),
      [
        { key: throttleKeys.alertIpShort(ip), max: limits.maxPerIpShort, windowMs: limits.shortWindowMs },
        { key: throttleKeys.alertIpDay(ip), max: limits.maxPerIpDay, windowMs: limits.dayWindowMs },
      ],
      now,
    );
    if (retryAfter > 0) throw new LeadThrottledError(retryAfter);
  }

  /** Counts a confirmation link sent to `contact` (an email or phone); false when it is at its limit (nothing is sent). */
  async mayConfirm(contact: string, now = new Date()): Promise<boolean> {
    const limits = ALERT_SIGN_UP_THROTTLE;
    const retryAfter = await attempt(this.store(), [{ key: throttleKeys.alertContact(contact), max: limits.maxConfirmationsPerContact, windowMs: limits.contactWindowMs }], now);
    return retryAfter === 0;
  }
}

/** Limits buyers' requests per client address with the numbers of `LEAD_THROTTLE`. */
@Injectable()
export class LeadThrottle extends StoredThrottle {
  constructor(moduleRef: ModuleRef) {
    super(moduleRef);
  }

  /**
   * Counts a request, or throws `LeadThrottledError` when the address is at a limit. Past the
   * hourly cap of every address together (`LEAD_HOURLY_CAP`) the request is still taken, `quiet`:
   * a flood must not shut real buyers out, so the cap sheds the messages a request sends (the
   * staff see it in the inbox), not the request.
   */
  async begin(ip: string, now = new Date()): Promise<{ quiet: boolean }> {
    return { quiet: !(await this.count(LEAD_THROTTLE, throttleKeys.leadIpShort(ip), throttleKeys.leadIpDay(ip), now)) };
  }

  /** Counts a buyer's photo upload, or throws `LeadThrottledError` at an address's limit and `PublicIntakeCappedError` past the hourly cap. */
  async beginPhoto(ip: string, now = new Date()): Promise<void> {
    if (!(await this.count(LEAD_PHOTO_THROTTLE, throttleKeys.leadPhotoIpShort(ip), throttleKeys.leadPhotoIpDay(ip), now))) throw new PublicIntakeCappedError(this.capWaitSeconds);
  }

  private readonly logger = new Logger('Throttle');
  private config?: AppConfig;
  /** The wait the last refusal by the hourly cap named. */
  private capWaitSeconds = 0;

  /** Counts against the address's limits (throwing at one) and then the hourly cap: false past the cap. */
  private async count(limits: typeof LEAD_THROTTLE | typeof LEAD_PHOTO_THROTTLE, shortKey: string, dayKey: string, now: Date): Promise<boolean> {
    const perAddress = [
      { key: shortKey, max: limits.maxPerIpShort, windowMs: limits.shortWindowMs },
      { key: dayKey, max: limits.maxPerIpDay, windowMs: limits.dayWindowMs },
    ];
    const retryAfter = await attempt(this.store(), perAddress, now);
    if (retryAfter > 0) throw new LeadThrottledError(retryAfter);
    // Then every address together: a script spread over many addresses passes each one's limits.
    this.config ??= this.moduleRef.get<AppConfig>(APP_CONFIG, { strict: false });
    const photos = limits === LEAD_PHOTO_THROTTLE;
    const cap = photos ? this.config.leadPhotoHourlyCap : this.config.leadHourlyCap;
    const key = photos ? throttleKeys.leadPhotosHour : throttleKeys.leadsHour;
    const waitSeconds = await attempt(this.store(), [{ key, max: cap, windowMs: PUBLIC_INTAKE_WINDOW_MS }], now);
    if (waitSeconds === 0) return true;
    this.capWaitSeconds = waitSeconds;
    if (photos) {
      await this.store().takeBack(perAddress.map((limit) => limit.key));
      this.logger.warn(`buyer photo refused: the hourly cap of ${cap} for every address together is reached (LEAD_PHOTO_HOURLY_CAP)`);
    } else this.logger.warn(`lead taken without its messages: the hourly cap of ${cap} for every address together is reached (LEAD_HOURLY_CAP)`);
    return false;
  }
}

/** Limits orders and payment attempts with the numbers of `ORDER_THROTTLE`. */
@Injectable()
export class OrderThrottle extends StoredThrottle {
  constructor(moduleRef: ModuleRef) {
    super(moduleRef);
  }

  /** Counts an order about to be placed, or throws `OrderThrottledError` when the account or the address is at its limit. */
  async begin(userId: string, ip: string, now = new Date()): Promise<void> {
    const retryAfter = await attempt(
      this.store(),
      [
        { key: throttleKeys.orderAccount(userId), max: ORDER_THROTTLE.maxPerAccount, windowMs: ORDER_THROTTLE.windowMs },
        { key: throttleKeys.orderIp(ip), max: ORDER_THROTTLE.maxPerIp, windowMs: ORDER_THROTTLE.windowMs },
      ],
      now,
    );
    if (retryAfter > 0) throw new OrderThrottledError(retryAfter);
  }

  /** Counts a payment attempt (a card charge, an M-Pesa prompt), or throws `PaymentAttemptsThrottledError` at the account's limit. */
  async beginPayment(userId: string, now = new Date()): Promise<void> {
    const retryAfter = await attempt(
      this.store(),
      [{ key: throttleKeys.paymentAccount(userId), max: ORDER_THROTTLE.maxPaymentAttemptsPerAccount, windowMs: ORDER_THROTTLE.paymentWindowMs }],
      now,
    );
    if (retryAfter > 0) throw new PaymentAttemptsThrottledError(retryAfter);
  }
}
