import { type Database, DB, PG_UNIQUE_VIOLATION, pgError, type Transaction } from '@dealership/server-db';
import { users } from '@dealership/user-data';
import { normaliseKenyanPhone, type Role, type StaffRole } from '@dealership/shared-schemas';
import { type Me, type StaffMember, type TextChannel, type User } from '@dealership/user-schemas';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';

type UserRow = typeof users.$inferSelect;

const toRole = (role: number): Role => (role === 1 ? 1 : 0);

function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    role: toRole(row.role),
    staffRole: row.role === 1 ? (row.staffRole ?? 'owner') : null,
    emailVerified: row.emailVerifiedAt !== null,
  };
}

function toStaffMember(row: UserRow): StaffMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    staffRole: row.staffRole ?? 'owner',
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
    invitePending: row.lastSignInAt === null && row.deactivatedAt === null,
    twoFactorEnabled: row.totpSecret !== null,
    away: row.away,
  };
}

/** The account's stored email is `email` (whatever its case): a link sent to an old address proves nothing of the new one. */
const emailIs = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

/** The profile fields a user may change; never the role. */
export interface ProfileChanges {
  name: string;
  email: string;
  phone: string;
  address: string;
  /** Absent: the password stays. */
  passwordHash?: string;
}

/**
 * The only code that writes the users table; the hash leaves it only for verification. (The
 * session lookup of every request reads a user's name, email and role with its session, in
 * `SessionRepository`.)
 */
@Injectable()
export class UserRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** Looks a user up by email, whatever its case. */
  async findByEmail(email: string): Promise<(User & { passwordHash: string; deactivated: boolean }) | undefined> {
    const [row] = await this.db.select().from(users).where(emailIs(email));
    return row ? { ...toUser(row), passwordHash: row.passwordHash, deactivated: row.deactivatedAt !== null } : undefined;
  }

  /** Notes a successful sign-in (the Staff page's "last sign-in"). */
  async recordSignIn(id: string): Promise<void> {
    await this.db.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.id, id));
  }

  // Staff accounts (the Staff page).

  /** Every staff account: the active ones first, then by name. */
  async staff(): Promise<StaffMember[]> {
    const rows = await this.db
      .select()
      .from(users)
      .where(eq(users.role, 1))
      .orderBy(sql`${users.deactivatedAt} is not null`, asc(users.name), asc(users.id));
    return rows.map(toStaffMember);
  }

  /**
   * Staff changes are made one at a time (a lock for the transaction): two owners demoting or
   * deactivating each other at once cannot leave the dealership without an active owner.
   */
  async lockStaff(tx: Transaction): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff-accounts'))`);
  }

  /** A staff account, read in the caller's transaction. */
  async staffMember(tx: Transaction, id: string): Promise<StaffMember | undefined> {
    const [row] = await tx.select().from(users).where(and(eq(users.id, id), eq(users.role, 1)));
    return row ? toStaffMember(row) : undefined;
  }

  /** Active owners other than `exceptId`. */
  async otherActiveOwners(tx: Transaction, exceptId: string): Promise<number> {
    const [{ owners }] = await tx
      .select({ owners: count() })
      .from(users)
      .where(and(eq(users.role, 1), eq(users.staffRole, 'owner'), isNull(users.deactivatedAt), ne(users.id, exceptId)));
    return owners;
  }

  async setStaffRole(tx: Transaction, id: string, staffRole: StaffRole): Promise<void> {
    await tx.update(users).set({ staffRole }).where(and(eq(users.id, id), eq(users.role, 1)));
  }

  /** Marks a staff account away (new leads skip it) or back. */
  async setAway(id: string, away: boolean): Promise<boolean> {
    // Unchanged is no write (its updated_at stays): the same request twice changes nothing.
    const [row] = await this.db.select({ away: users.away }).from(users).where(and(eq(users.id, id), eq(users.role, 1)));
    if (!row) return false;
    if (row.away !== away) await this.db.update(users).set({ away }).where(eq(users.id, id));
    return true;
  }

  async setDeactivated(tx: Transaction, id: string, deactivatedAt: Date | null): Promise<void> {
    await tx.update(users).set({ deactivatedAt }).where(and(eq(users.id, id), eq(users.role, 1)));
  }

  async findById(id: string): Promise<User | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row ? toUser(row) : undefined;
  }

  /** The account as its owner reads it (`user.me`): with the staff's away mark. */
  async findMe(id: string): Promise<Me | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row ? { ...toUser(row), away: row.away } : undefined;
  }

  /** Deletes a customer account in the caller's transaction (its sessions, links and codes go with it: foreign keys). False when it was staff or gone. */
  async deleteCustomer(tx: Transaction, id: string): Promise<boolean> {
    return (
      (
        await tx
          .delete(users)
          .where(and(eq(users.id, id), eq(users.role, 0)))
          .returning({ id: users.id })
      ).length > 0
    );
  }

  /** Runs `work` in one transaction (the account change and the emails it causes commit together). */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Inserts a user; undefined when the email is already registered (in any case). */
  async create(
    user: { name: string; email: string; passwordHash: string; phone: string; address: string; role: Role; staffRole?: StaffRole; emailVerifiedAt?: Date },
    db: Database | Transaction = this.db,
  ): Promise<User | undefined> {
    // The unique index on lower(email) decides, so two registrations racing cannot both win.
    const [row] = await db.insert(users).values(user).onConflictDoNothing().returning();
    return row ? toUser(row) : undefined;
  }

  /** Saves profile changes: the user as saved, 'not-found', or 'email-taken' when another account has the email. */
  async updateProfile(id: string, changes: ProfileChanges, db: Database | Transaction = this.db): Promise<User | 'not-found' | 'email-taken'> {
    try {
      // A new address is unverified until its owner follows the link sent to it.
      const emailVerifiedAt = sql`CASE WHEN lower(${users.email}) = ${changes.email.toLowerCase()} THEN ${users.emailVerifiedAt} ELSE NULL END`;
      // So is a new phone number until a code sent to it comes back; its texts go by SMS meanwhile.
      const samePhone = sql`${users.verifiedPhone} = ${normaliseKenyanPhone(changes.phone)}`;
      const [row] = await db
        .update(users)
        .set({
          ...changes,
          emailVerifiedAt,
          verifiedPhone: sql`CASE WHEN ${samePhone} THEN ${users.verifiedPhone} ELSE NULL END`,
          phoneVerifiedAt: sql`CASE WHEN ${samePhone} THEN ${users.phoneVerifiedAt} ELSE NULL END`,
          textChannel: sql`CASE WHEN ${samePhone} THEN ${users.textChannel} ELSE 'sms' END`,
        })
        .where(eq(users.id, id))
        .returning();
      return row ? toUser(row) : 'not-found';
    } catch (error) {
      if (pgError(error).code === PG_UNIQUE_VIOLATION) return 'email-taken';
      throw error;
    }
  }

  async hasAdmin(): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.role, 1)).limit(1);
    return row !== undefined;
  }

  async updateAdmin(id: string, changes: { passwordHash: string; role: Role; staffRole: StaffRole; emailVerifiedAt?: Date }, db: Database | Transaction = this.db): Promise<void> {
    await db.update(users).set(changes).where(eq(users.id, id));
  }

  /**
   * Records that the owner of `email` followed a link sent to it, if it is still the account's
   * email; false when the account has another email now (or is gone). An earlier verification stays.
   */
  async markEmailVerified(db: Database | Transaction, id: string, email: string): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(and(eq(users.id, id), emailIs(email)))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  /**
   * Moves the account to `email`, counted as verified (its owner followed the link sent there): the
   * previous address and the account's name, or why not (another account took the address
   * meanwhile, or the account is gone).
   */
  async changeEmail(db: Database | Transaction, id: string, email: string): Promise<{ previousEmail: string; name: string } | 'not-found' | 'email-taken'> {
    const [before] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, id)).for('update');
    if (!before) return 'not-found';
    try {
      // A savepoint: the unique violation must not abort the caller's transaction.
      await db.transaction((sp) => sp.update(users).set({ email, emailVerifiedAt: sql`now()` }).where(eq(users.id, id)));
    } catch (error) {
      if (pgError(error).code === PG_UNIQUE_VIOLATION) return 'email-taken';
      throw error;
    }
    return { previousEmail: before.email, name: before.name };
  }

  /** Sets a new password hash; false when the account is gone. */
  async setPassword(db: Database | Transaction, id: string, passwordHash: string): Promise<boolean> {
    const rows = await db.update(users).set({ passwordHash }).where(eq(users.id, id)).returning({ id: users.id });
    return rows.length > 0;
  }

  /** The account's phone as typed, the number a code proved, and how its texts go. */
  async textMessagesOf(id: string): Promise<{ phone: string; verifiedPhone: string | null; textChannel: TextChannel } | undefined> {
    const [row] = await this.db.select({ phone: users.phone, verifiedPhone: users.verifiedPhone, textChannel: users.textChannel }).from(users).where(eq(users.id, id));
    return row;
  }

  /**
   * A code proved the account holds `phone` (E.164), in `tx`: an account that held the number
   * before loses it (the number moved), and its texts go by SMS again.
   */
  async markPhoneVerified(tx: Transaction, id: string, phone: string): Promise<void> {
    // Two accounts proving one number at once take turns (the number is unique among proved ones).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`verified-phone:${phone}`}))`);
    await tx
      .update(users)
      .set({ verifiedPhone: null, phoneVerifiedAt: null, textChannel: 'sms' })
      .where(and(eq(users.verifiedPhone, phone), ne(users.id, id)));
    await tx.update(users).set({ verifiedPhone: phone, phoneVerifiedAt: sql`now()` }).where(eq(users.id, id));
  }

  /** How the account's texts go; the same choice again writes nothing. */
  async setTextChannel(id: string, textChannel: TextChannel): Promise<void> {
    await this.db
      .update(users)
      .set({ textChannel })
      // WhatsApp only while a number is proved (a phone changed since the caller's check has none).
      .where(and(eq(users.id, id), ne(users.textChannel, textChannel), textChannel === 'sms' ? undefined : isNotNull(users.verifiedPhone)));
  }
}
