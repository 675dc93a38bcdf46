import { alertMatches, alerts, alertSubscribers, carAlertEvents } from '@dealership/alert-data';
import { type Database, DB, type Transaction } from '@dealership/server-db';
import { accountContacts } from '@dealership/user-data/published';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';

type Db = Database | Transaction;

export type AlertRow = typeof alerts.$inferSelect;
export type CarAlertEvent = typeof carAlertEvents.$inferSelect;
export type NewAlertMatch = Omit<typeof alertMatches.$inferInsert, 'id' | 'createdAt' | 'sentAt'>;

/** A subscriber with a message due, and where it goes (the account's email, or the confirmed contact). */
export interface DueSubscriber {
  id: string;
  contact: string | null;
  accountEmail: string | null;
}

/** The only code that touches the alert tables. */
@Injectable()
export class AlertRepository {
  constructor(@Inject(DB) readonly db: Database) {}

  /** The subscriber of an account, made on first use. */
  async subscriberOfUser(tx: Db, userId: string): Promise<string> {
    await tx.insert(alertSubscribers).values({ userId }).onConflictDoNothing({ target: alertSubscribers.userId });
    const [row] = await tx.select({ id: alertSubscribers.id }).from(alertSubscribers).where(eq(alertSubscribers.userId, userId));
    return row.id;
  }

  /** The subscriber of an email address or phone number, made on first use. */
  async subscriberOfContact(tx: Db, contact: string): Promise<string> {
    await tx.insert(alertSubscribers).values({ contact }).onConflictDoNothing({ target: alertSubscribers.contact });
    const [row] = await tx.select({ id: alertSubscribers.id }).from(alertSubscribers).where(eq(alertSubscribers.contact, contact));
    return row.id;
  }

  async subscriber(id: string): Promise<{ id: string; userId: string | null; contact: string | null; accountEmail: string | null } | undefined> {
    const [row] = await this.db
      .select({ id: alertSubscribers.id, userId: alertSubscribers.userId, contact: alertSubscribers.contact, accountEmail: accountContacts.email })
      .from(alertSubscribers)
      .leftJoin(accountContacts, eq(accountContacts.id, alertSubscribers.userId))
      .where(eq(alertSubscribers.id, id));
    return row;
  }

  async countOf(tx: Db, subscriberId: string): Promise<number> {
    const [{ total }] = await tx.select({ total: count() }).from(alerts).where(eq(alerts.subscriberId, subscriberId));
    return total;
  }

  /** Adds alerts; a car already watched by the subscriber is skipped. How many were added. */
  async add(tx: Db, rows: (typeof alerts.$inferInsert)[]): Promise<number> {
    if (rows.length === 0) return 0;
    const added = await tx
      .insert(alerts)
      .values(rows)
      .onConflictDoNothing({ target: [alerts.subscriberId, alerts.carId], where: sql`kind = 'price'` })
      .returning({ id: alerts.id });
    return added.length;
  }

  /** The labels of a subscriber's alerts waiting for confirmation. */
  async unconfirmedLabels(tx: Db, subscriberId: string): Promise<string[]> {
    const rows = await tx
      .select({ label: alerts.label })
      .from(alerts)
      .where(and(eq(alerts.subscriberId, subscriberId), isNull(alerts.confirmedAt)))
      .orderBy(asc(alerts.createdAt));
    return rows.map((r) => r.label);
  }

  /** Confirms a subscriber's waiting alerts; how many. */
  async confirm(subscriberId: string, now: Date): Promise<number> {
    const rows = await this.db
      .update(alerts)
      .set({ confirmedAt: now })
      .where(and(eq(alerts.subscriberId, subscriberId), isNull(alerts.confirmedAt)))
      .returning({ id: alerts.id });
    return rows.length;
  }

  /** A subscriber's alerts, newest first. */
  alertsOf(subscriberId: string): Promise<AlertRow[]> {
    return this.db.select().from(alerts).where(eq(alerts.subscriberId, subscriberId)).orderBy(desc(alerts.createdAt), desc(alerts.id));
  }

  /** An account's alerts, newest first. */
  alertsOfUser(userId: string): Promise<AlertRow[]> {
    return this.db
      .select({ alert: alerts })
      .from(alerts)
      .innerJoin(alertSubscribers, eq(alertSubscribers.id, alerts.subscriberId))
      .where(eq(alertSubscribers.userId, userId))
      .orderBy(desc(alerts.createdAt), desc(alerts.id))
      .then((rows) => rows.map((row) => row.alert));
  }

  /** Deletes one of an account's alerts; whether it was theirs. */
  async removeOfUser(userId: string, alertId: string): Promise<boolean> {
    const rows = await this.db
      .delete(alerts)
      .where(and(eq(alerts.id, alertId), inArray(alerts.subscriberId, this.db.select({ id: alertSubscribers.id }).from(alertSubscribers).where(eq(alertSubscribers.userId, userId)))))
      .returning({ id: alerts.id });
    return rows.length > 0;
  }

  /** Ends every alert of a subscriber; one without an account is deleted with them. How many alerts went. */
  async unsubscribe(subscriberId: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.delete(alerts).where(eq(alerts.subscriberId, subscriberId)).returning({ id: alerts.id });
      await tx.delete(alertSubscribers).where(and(eq(alertSubscribers.id, subscriberId), isNotNull(alertSubscribers.contact)));
      return rows.length;
    });
  }

  /** Takes (deletes and returns) the oldest catalogue events, at most `limit`. */
  takeEvents(tx: Db, limit: number): Promise<CarAlertEvent[]> {
    const oldest = tx.select({ id: carAlertEvents.id }).from(carAlertEvents).orderBy(asc(carAlertEvents.id)).limit(limit).for('update', { skipLocked: true });
    return tx.delete(carAlertEvents).where(inArray(carAlertEvents.id, oldest)).returning();
  }

  /** Every confirmed saved search. */
  confirmedSearches(tx: Db): Promise<Pick<AlertRow, 'id' | 'subscriberId' | 'filters'>[]> {
    return tx
      .select({ id: alerts.id, subscriberId: alerts.subscriberId, filters: alerts.filters })
      .from(alerts)
      .where(and(eq(alerts.kind, 'search'), isNotNull(alerts.confirmedAt)));
  }

  /** The confirmed price watches of `carIds`. */
  confirmedWatches(tx: Db, carIds: string[]): Promise<Pick<AlertRow, 'id' | 'subscriberId' | 'carId'>[]> {
    if (carIds.length === 0) return Promise.resolve([]);
    return tx
      .select({ id: alerts.id, subscriberId: alerts.subscriberId, carId: alerts.carId })
      .from(alerts)
      .where(and(eq(alerts.kind, 'price'), inArray(alerts.carId, carIds), isNotNull(alerts.confirmedAt)));
  }

  /** Records matches: a listed car once per alert; a further drop of a waiting one lowers its new price. How many were new or changed. */
  async addMatches(tx: Db, matches: NewAlertMatch[]): Promise<number> {
    const listed = matches.filter((m) => m.kind === 'listed');
    const drops = matches.filter((m) => m.kind === 'price-drop');
    let recorded = 0;
    if (listed.length > 0)
      recorded += (
        await tx
          .insert(alertMatches)
          .values(listed)
          .onConflictDoNothing({ target: [alertMatches.alertId, alertMatches.carId], where: sql`kind = 'listed'` })
          .returning({ id: alertMatches.id })
      ).length;
    for (const drop of drops)
      recorded += (
        await tx
          .insert(alertMatches)
          .values(drop)
          .onConflictDoUpdate({
            target: [alertMatches.alertId, alertMatches.carId],
            targetWhere: sql`kind = 'price-drop' and sent_at is null`,
            set: { newPrice: drop.newPrice },
          })
          .returning({ id: alertMatches.id })
      ).length;
    return recorded;
  }

  /** Subscribers with matches waiting whose last message is at least `since` old (or who never had one). */
  dueSubscribers(since: Date): Promise<DueSubscriber[]> {
    return this.db
      .select({ id: alertSubscribers.id, contact: alertSubscribers.contact, accountEmail: accountContacts.email })
      .from(alertSubscribers)
      .leftJoin(accountContacts, eq(accountContacts.id, alertSubscribers.userId))
      .where(
        and(
          or(isNull(alertSubscribers.lastSentAt), lte(alertSubscribers.lastSentAt, since)),
          inArray(alertSubscribers.id, this.db.selectDistinct({ id: alertMatches.subscriberId }).from(alertMatches).where(isNull(alertMatches.sentAt))),
        ),
      );
  }

  /** A subscriber's waiting matches, oldest first (locked until `tx` ends). */
  pendingMatches(tx: Db, subscriberId: string) {
    return tx
      .select({
        id: alertMatches.id,
        kind: alertMatches.kind,
        oldPrice: alertMatches.oldPrice,
        carId: alertMatches.carId,
        alertLabel: alerts.label,
      })
      .from(alertMatches)
      .innerJoin(alerts, eq(alerts.id, alertMatches.alertId))
      .where(and(eq(alertMatches.subscriberId, subscriberId), isNull(alertMatches.sentAt)))
      .orderBy(asc(alertMatches.createdAt))
      .for('update', { of: alertMatches });
  }

  async markSent(tx: Db, matchIds: string[], now: Date, subscriberId: string, messaged: boolean): Promise<void> {
    if (matchIds.length > 0) await tx.update(alertMatches).set({ sentAt: now }).where(inArray(alertMatches.id, matchIds));
    if (messaged) await tx.update(alertSubscribers).set({ lastSentAt: now }).where(eq(alertSubscribers.id, subscriberId));
  }

  /** Deletes an account's subscriber (its alerts and matches go with it); how many alerts. */
  async forgetUser(tx: Db, userId: string): Promise<number> {
    const [row] = await tx.select({ id: alertSubscribers.id }).from(alertSubscribers).where(eq(alertSubscribers.userId, userId));
    if (!row) return 0;
    const total = await this.countOf(tx, row.id);
    await tx.delete(alertSubscribers).where(eq(alertSubscribers.id, row.id));
    return total;
  }

  /** Deletes the subscriber without an account whose contact is `contact` (any letter case), with its alerts; how many alerts went. */
  async forgetContact(tx: Db, contact: string): Promise<number> {
    const [row] = await tx
      .select({ id: alertSubscribers.id })
      .from(alertSubscribers)
      .where(and(isNull(alertSubscribers.userId), sql`lower(${alertSubscribers.contact}) = ${contact.toLowerCase()}`));
    if (!row) return 0;
    const total = await this.countOf(tx, row.id);
    await tx.delete(alertSubscribers).where(eq(alertSubscribers.id, row.id));
    return total;
  }

  /** Deletes alerts never confirmed since `cutoff`, then subscribers without an account left with none. */
  async purgeUnconfirmed(cutoff: Date): Promise<{ alerts: number; subscribers: number }> {
    return this.db.transaction(async (tx) => {
      const gone = await tx
        .delete(alerts)
        .where(and(isNull(alerts.confirmedAt), lt(alerts.createdAt, cutoff)))
        .returning({ id: alerts.id });
      const empty = await tx
        .delete(alertSubscribers)
        .where(
          and(
            isNotNull(alertSubscribers.contact),
            lt(alertSubscribers.createdAt, cutoff),
            sql`not exists (select 1 from ${alerts} where ${alerts.subscriberId} = ${alertSubscribers.id})`,
          ),
        )
        .returning({ id: alertSubscribers.id });
      return { alerts: gone.length, subscribers: empty.length };
    });
  }

  /** Deletes the record of matches told before `cutoff` (a car is told again only on a new event: listed anew, a new drop). */
  async purgeSentMatches(cutoff: Date): Promise<number> {
    const rows = await this.db
      .delete(alertMatches)
      .where(and(isNotNull(alertMatches.sentAt), lt(alertMatches.sentAt, cutoff)))
      .returning({ id: alertMatches.id });
    return rows.length;
  }
}
