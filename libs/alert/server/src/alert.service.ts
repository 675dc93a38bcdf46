import {
  type Alert,
  ALERT_MAX_PER_SUBSCRIBER,
  ALERT_MESSAGE_INTERVAL_HOURS,
  ALERT_UNCONFIRMED_DAYS,
  type AlertLinkInfo,
  type AlertSearchFilters,
  type AlertSignUpResult,
  describeSearch,
  searchPath,
} from '@dealership/alert-schemas';
import { CarAlertMatching } from '@dealership/car-server';
import { emailMessage, Outbox, smsMessage } from '@dealership/message-server';
import { AlertSignUpThrottle } from '@dealership/server-auth';
import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { PeriodicJobs, type Transaction } from '@dealership/server-db';
import { daysBefore, RETENTION, sitePath } from '@dealership/shared-schemas';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { AlertLinks } from './alert-links';
import { AlertCarNotFoundError, AlertContactRequiredError, AlertLimitReachedError, AlertLinkInvalidError, AlertNotFoundError } from './alert.errors';
import { confirmEmail, confirmSms, digestEmail, digestSms, type MatchedCar } from './alert.messages';
import { type AlertRow, AlertRepository, type DueSubscriber, type NewAlertMatch } from './alert.repository';

/** Catalogue events taken per transaction of the dispatch. */
const EVENTS_PER_BATCH = 500;

/** Who signs up: a signed-in account, or a contact given on the form. */
export interface AlertSigner {
  userId?: string;
  contact?: string;
  ip: string;
}

function toAlert(row: AlertRow, carSlug: string | undefined): Alert {
  const href = row.kind === 'search' ? searchPath((row.filters ?? {}) as AlertSearchFilters) : sitePath('car', { slug: carSlug ?? '' });
  return { id: row.id, kind: row.kind, label: row.label, href, createdAt: row.createdAt.toISOString() };
}

/** `jane@example.com` as `j***@example.com`, `+254712345678` as `+254 7** *** 678`. */
export function maskRecipient(recipient: string): string {
  const at = recipient.indexOf('@');
  if (at > 0) return `${recipient[0]}***${recipient.slice(at)}`;
  return `${recipient.slice(0, 4)} ${recipient[4]}** *** ${recipient.slice(-3)}`;
}

/**
 * Buyers' alerts: sign-ups (double opt-in without an account), and the dispatch, a periodic job run
 * once across instances: it turns the catalogue's events (written by a trigger on `cars` in the
 * change's own transaction) into matches, then sends each subscriber whose last message is a day
 * old one message with everything matched since. The first match after a quiet day goes out at the
 * next run; later ones wait for the day to pass.
 */
@Injectable()
export class AlertService implements OnModuleInit {
  private readonly logger = new Logger('Alerts');

  constructor(
    private readonly repository: AlertRepository,
    private readonly matching: CarAlertMatching,
    private readonly outbox: Outbox,
    private readonly links: AlertLinks,
    private readonly throttle: AlertSignUpThrottle,
    private readonly jobs: PeriodicJobs,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit() {
    this.jobs.every('alert.dispatch', this.config.messaging.alertDispatchIntervalMs, () => this.dispatch());
  }

  /** Saves a search of /cars. */
  saveSearch(filters: AlertSearchFilters, signer: AlertSigner): Promise<AlertSignUpResult> {
    const { sort: _sort, page: _page, pageSize: _pageSize, ...kept } = filters as AlertSearchFilters & { sort?: unknown; page?: unknown; pageSize?: unknown };
    return this.signUp(signer, (subscriberId, confirmedAt) => [{ subscriberId, kind: 'search', filters: kept, label: describeSearch(kept), confirmedAt }]);
  }

  /** Watches the prices of cars (a car page's, or the favourites: those sold or gone since they were saved are left out). */
  async watchPrices(carIds: string[], signer: AlertSigner): Promise<AlertSignUpResult> {
    const found = (await this.matching.find([...new Set(carIds)])).filter((car) => car.status !== 'Sold');
    if (found.length === 0) throw new AlertCarNotFoundError();
    return this.signUp(signer, (subscriberId, confirmedAt) =>
      found.map((car) => ({ subscriberId, kind: 'price' as const, carId: car.id, label: car.name, confirmedAt })),
    );
  }

  private async signUp(
    signer: AlertSigner,
    rows: (subscriberId: string, confirmedAt: Date | null) => Parameters<AlertRepository['add']>[1],
  ): Promise<AlertSignUpResult> {
    if (!signer.userId && !signer.contact) throw new AlertContactRequiredError();
    if (!signer.userId) await this.throttle.begin(signer.ip);
    const contact = signer.userId ? undefined : signer.contact;
    // The confirmation link is counted per contact before the transaction: at the limit the alerts
    // are kept (a link already sent confirms them) but no further link goes out.
    const mayConfirm = contact ? await this.throttle.mayConfirm(contact) : false;
    return this.repository.db.transaction(async (tx) => {
      const subscriberId = signer.userId ? await this.repository.subscriberOfUser(tx, signer.userId) : await this.repository.subscriberOfContact(tx, contact as string);
      const wanted = rows(subscriberId, signer.userId ? new Date() : null);
      if ((await this.repository.countOf(tx, subscriberId)) + wanted.length > ALERT_MAX_PER_SUBSCRIBER) throw new AlertLimitReachedError(ALERT_MAX_PER_SUBSCRIBER);
      const added = await this.repository.add(tx, wanted);
      if (!contact) return { status: 'saved' as const, added };
      if (mayConfirm) await this.sendConfirmation(tx, subscriberId, contact);
      return { status: 'confirmation-sent' as const, added };
    });
  }

  private async sendConfirmation(tx: Transaction, subscriberId: string, contact: string): Promise<void> {
    const labels = await this.repository.unconfirmedLabels(tx, subscriberId);
    if (labels.length === 0) return;
    const url = this.links.url('c', subscriberId);
    await this.outbox.enqueue(tx, [
      contact.includes('@')
        ? emailMessage(contact, 'alert.confirm', await confirmEmail(this.outbox.site, labels, url), { reference: subscriberId })
        : smsMessage(contact, 'alert.confirm', confirmSms(labels, url), { reference: subscriberId }),
    ]);
  }

  /** Confirms the alerts waiting behind a confirmation link; how many. */
  async confirm(token: string, now = new Date()): Promise<{ confirmed: number }> {
    const subscriberId = this.links.verify('c', token);
    if (!subscriberId) throw new AlertLinkInvalidError();
    return { confirmed: await this.repository.confirm(subscriberId, now) };
  }

  /** What an unsubscribe link would end (the page's question before the click). */
  async linkInfo(token: string): Promise<AlertLinkInfo> {
    const subscriberId = this.links.verify('u', token);
    if (!subscriberId) throw new AlertLinkInvalidError();
    const subscriber = await this.repository.subscriber(subscriberId);
    if (!subscriber) return { recipient: '', alerts: [] };
    const alerts = await this.repository.alertsOf(subscriberId);
    return { recipient: maskRecipient(subscriber.accountEmail ?? subscriber.contact ?? ''), alerts: alerts.map(({ kind, label }) => ({ kind, label })) };
  }

  /** Ends every alert of the link's subscriber (no sign-in: the link is signed); how many. */
  async unsubscribe(token: string): Promise<{ removed: number }> {
    const subscriberId = this.links.verify('u', token);
    if (!subscriberId) throw new AlertLinkInvalidError();
    return { removed: await this.repository.unsubscribe(subscriberId) };
  }

  /** A signed-in buyer's alerts. */
  async mine(userId: string): Promise<Alert[]> {
    const rows = await this.repository.alertsOfUser(userId);
    const cars = await this.matching.find(rows.flatMap((row) => (row.carId ? [row.carId] : [])));
    const slugs = new Map(cars.map((car) => [car.id, car.slug]));
    return rows.map((row) => toAlert(row, row.carId ? slugs.get(row.carId) : undefined));
  }

  /** Removes one of a signed-in buyer's alerts. */
  async remove(userId: string, alertId: string): Promise<{ id: string }> {
    if (!(await this.repository.removeOfUser(userId, alertId))) throw new AlertNotFoundError();
    return { id: alertId };
  }

  /** One run of the job: the catalogue's events become matches, then the due messages are written. How many matches were recorded and messages written. */
  async dispatch(now = new Date()): Promise<{ matched: number; messages: number }> {
    let matched = 0;
    for (;;) {
      const { taken, added } = await this.repository.db.transaction(async (tx) => {
        const events = await this.repository.takeEvents(tx, EVENTS_PER_BATCH);
        const added = await this.repository.addMatches(tx, await this.matchEvents(tx, events));
        return { taken: events.length, added };
      });
      matched += added;
      if (taken < EVENTS_PER_BATCH) break;
    }
    let messages = 0;
    const since = new Date(now.getTime() - ALERT_MESSAGE_INTERVAL_HOURS * 3_600_000);
    for (const subscriber of await this.repository.dueSubscribers(since)) {
      try {
        if (await this.sendDigest(subscriber, now)) messages++;
      } catch (error) {
        this.logger.warn(`alert message not written: ${error instanceof Error ? error.message : 'error'}`);
      }
    }
    return { matched, messages };
  }

  private async matchEvents(tx: Transaction, events: Awaited<ReturnType<AlertRepository['takeEvents']>>): Promise<NewAlertMatch[]> {
    const matches: NewAlertMatch[] = [];
    const listed = events.filter((e) => e.kind === 'listed');
    if (listed.length > 0) {
      const searches = await this.repository.confirmedSearches(tx);
      const byId = new Map(searches.map((s) => [s.id, s]));
      const price = new Map(listed.map((e) => [e.carId, e.newPrice]));
      const pairs = await this.matching.matchSearches(
        searches.map((s) => ({ key: s.id, filters: (s.filters ?? {}) as AlertSearchFilters })),
        [...price.keys()],
        tx,
      );
      for (const { key, carId } of pairs) {
        const search = byId.get(key);
        if (search) matches.push({ alertId: key, subscriberId: search.subscriberId, carId, kind: 'listed', newPrice: price.get(carId) ?? 0 });
      }
    }
    const drops = events.filter((e) => e.kind === 'price-drop');
    if (drops.length > 0) {
      const watches = await this.repository.confirmedWatches(tx, [...new Set(drops.map((e) => e.carId))]);
      for (const drop of drops)
        for (const watch of watches.filter((w) => w.carId === drop.carId))
          matches.push({ alertId: watch.id, subscriberId: watch.subscriberId, carId: drop.carId, kind: 'price-drop', oldPrice: drop.oldPrice, newPrice: drop.newPrice });
    }
    return matches;
  }

  /** Writes one subscriber's message of everything waiting (cars sold since, or drops undone, are left out); whether one was written. */
  private sendDigest(subscriber: DueSubscriber, now: Date): Promise<boolean> {
    const to = subscriber.accountEmail ?? subscriber.contact;
    return this.repository.db.transaction(async (tx) => {
      const waiting = await this.repository.pendingMatches(tx, subscriber.id);
      // The cars as they are now (a car sold since, or whose drop was undone, is left out).
      const current = new Map((await this.matching.find([...new Set(waiting.map((m) => m.carId))], tx)).map((car) => [car.id, car]));
      const seen = new Set<string>();
      const cars: MatchedCar[] = [];
      for (const match of waiting) {
        const key = `${match.carId}:${match.kind}`;
        const car = current.get(match.carId);
        if (!car || seen.has(key) || car.status === 'Sold') continue;
        if (match.kind === 'price-drop' && (match.oldPrice === null || car.price >= match.oldPrice)) continue;
        seen.add(key);
        cars.push({ name: car.name, slug: car.slug, price: car.price, kind: match.kind, oldPrice: match.oldPrice, alertLabel: match.alertLabel });
      }
      const send = cars.length > 0 && to !== null;
      await this.repository.markSent(tx, waiting.map((m) => m.id), now, subscriber.id, send);
      if (!send) return false;
      const unsubscribe = this.links.url('u', subscriber.id);
      await this.outbox.enqueue(tx, [
        to.includes('@')
          ? emailMessage(to, 'alert.digest', await digestEmail(this.outbox.site, cars, unsubscribe), {
              reference: subscriber.id,
              unsubscribeUrl: this.links.oneClickUrl(subscriber.id),
            })
          : smsMessage(to, 'alert.digest', digestSms(this.outbox.site, cars, unsubscribe), { reference: subscriber.id }),
      ]);
      return true;
    });
  }

  /** Everything held for an account (its data export). */
  recordsOfUser(userId: string) {
    return this.mine(userId);
  }

  /**
   * An account being deleted: its alerts go, and those signed up for without signing in with its
   * proven email (in the deletion's transaction). How many alerts.
   */
  async forgetUser(userId: string, verifiedEmail: string | null, tx: Transaction): Promise<number> {
    return (await this.repository.forgetUser(tx, userId)) + (verifiedEmail ? await this.repository.forgetContact(tx, verifiedEmail) : 0);
  }

  /** Unconfirmed sign-ups past ALERT_UNCONFIRMED_DAYS, and the record of matches told past the messages' period. */
  async applyRetention(now: Date) {
    const unconfirmed = await this.repository.purgeUnconfirmed(daysBefore(now, ALERT_UNCONFIRMED_DAYS));
    const matches = await this.repository.purgeSentMatches(daysBefore(now, RETENTION.messageDays));
    return { alertsUnconfirmedDeleted: unconfirmed.alerts, alertSubscribersDeleted: unconfirmed.subscribers, alertMatchesDeleted: matches };
  }
}
