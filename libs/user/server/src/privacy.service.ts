import { type AuditClient, AuditService } from '@dealership/audit-server';
import { emailMessage, Outbox } from '@dealership/message-server';
import { LoginThrottle } from '@dealership/server-auth';
import { PeriodicJobs, type PersonalDataCounts, type PersonalDataHolder, PersonalDataHolders, type PersonalDataSubject } from '@dealership/server-db';
import { type AuthUser, daysBefore, monthsBefore, normaliseKenyanPhone, RETENTION, Role } from '@dealership/shared-schemas';
import { type User } from '@dealership/user-schemas';
import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { accountDeletedEmail } from './account-emails';
import { SessionRepository } from './session.repository';
import { StaffAccountDeletionError, UserNotFoundError } from './user.errors';
import { UserRepository } from './user.repository';
import { UserService } from './user.service';

/** How often the retention periods are applied: daily, once across every instance (PeriodicJobs). */
export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** The first check after a start: a deploy more often than daily must not keep postponing the run (it runs only if due). */
const RETENTION_FIRST_CHECK_MS = 60 * 1000;

/** Who the activity log names for what the retention run did. */
const RETENTION_ACTOR = 'Retention job';

/**
 * What the Data Protection Act, 2019 and the privacy policy promise about a person's data: a copy
 * of everything held about them, their account deleted on request, and the policy's retention
 * periods (RETENTION) applied every day. The other domains' data is reached through their ports,
 * never their tables: the features beside this one (orders, leads) as `@HoldsPersonalData()`
 * providers, the outbox and the activity log through their services.
 */

@Injectable()
export class PrivacyService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Privacy');
  private firstCheck?: NodeJS.Timeout;

  constructor(
    private readonly users: UserRepository,
    private readonly userService: UserService,
    private readonly sessions: SessionRepository,
    private readonly holders: PersonalDataHolders,
    private readonly outbox: Outbox,
    private readonly audit: AuditService,
    private readonly jobs: PeriodicJobs,
    private readonly loginThrottle: LoginThrottle,
  ) {}

  /** The person as the other domains match their records: the account, its email once proven, and its phone once proven by a code. */
  private async subjectOf(profile: User): Promise<PersonalDataSubject> {
    const texts = await this.users.textMessagesOf(profile.id);
    return { userId: profile.id, verifiedEmail: profile.emailVerified ? profile.email : null, verifiedPhone: texts?.verifiedPhone ?? null };
  }

  onModuleInit() {
    const run = () => this.applyRetention();
    this.jobs.every('privacy.retention', RETENTION_INTERVAL_MS, run);
    // Unref'd: a waiting check never keeps the process (or a test run) alive.
    this.firstCheck = setTimeout(() => void this.jobs.tick('privacy.retention', RETENTION_INTERVAL_MS, run), RETENTION_FIRST_CHECK_MS);
    this.firstCheck.unref();
  }

  onApplicationShutdown() {
    clearTimeout(this.firstCheck);
  }

  /** Everything held about the signed-in user: their profile, live sessions, and each domain's records of them (orders, leads). */
  async exportData(user: AuthUser) {
    const profile = await this.users.findById(user.id);
    if (!profile) throw new UserNotFoundError();
    const sessions = await this.sessions.ofUser(user.id);
    const held: Record<string, unknown> = {};
    const person = await this.subjectOf(profile);
    for (const holder of this.holders.all()) held[holder.personalDataKey] = await holder.exportOf(person);
    const texts = await this.users.textMessagesOf(user.id);
    return {
      exportedAt: new Date().toISOString(),
      profile,
      textMessages: { verifiedPhone: person.verifiedPhone, channel: texts?.textChannel ?? 'sms' },
      ...held,
      sessions: sessions.map((session) => ({
        startedAt: session.createdAt.toISOString(),
        lastSeenAt: session.lastSeenAt.toISOString(),
        expiresAt: session.expiresAt.toISOString(),
        current: session.id === user.sessionId,
      })),
    };
  }

  /**
   * Deletes a customer's account after checking their password: in one transaction their orders
   * lose the buyer's personal fields (kept for the dealer's accounts), their requests are
   * anonymised, the messages sent to them are deleted, the account goes with its sessions (every
   * device signed out), and the confirmation email is queued; the photos of their requests are deleted after it commits.
   * Staff accounts are refused: an owner deactivates them (and the last owner is never left out).
   */
  async deleteAccount(user: AuthUser, password: string, client: AuditClient): Promise<{ ok: true }> {
    await this.userService.checkCurrentPassword(user, password, client, 'password');
    if (user.role === Role.Admin) throw new StaffAccountDeletionError();
    const profile = await this.users.findById(user.id);
    if (!profile) throw new UserNotFoundError();
    const email = await accountDeletedEmail(this.outbox.site, profile.name);
    const person = await this.subjectOf(profile);
    const { counts, afterCommit } = await this.users.transaction(async (tx) => {
      const forgotten: Awaited<ReturnType<PersonalDataHolder['forget']>>[] = [];
      for (const holder of this.holders.all()) forgotten.push(await holder.forget(person, tx));
      // The emails and SMS sent to them (receipts, acknowledgements) go too; the confirmation below is then the only one.
      const phone = normaliseKenyanPhone(profile.phone);
      forgotten.push({ counts: { messagesDeleted: await this.outbox.forgetRecipients(tx, [profile.email, ...(phone ? [phone] : [])]) } });
      // Their name, email and numbers leave the activity log (sign-ins, labels, recorded values).
      const phones = phone ? [phone, phone.slice(1), `0${phone.slice(4)}`] : [];
      forgotten.push({ counts: { activityRowsAnonymised: await this.audit.forget(tx, { userId: user.id, email: profile.email, name: profile.name, phones }) } });
      await this.outbox.enqueue(tx, [emailMessage(profile.email, 'account.deleted', email)]);
      if (!(await this.users.deleteCustomer(tx, user.id))) throw new UserNotFoundError();
      return { counts: forgotten.map((done) => done.counts), afterCommit: forgotten.flatMap((done) => (done.afterCommit ? [done.afterCommit] : [])) };
    });
    for (const step of afterCommit) counts.push(await step());
    // The throttles' counters that name the email (its failed sign-ins) go: they would outlive it by minutes only, but they are its.
    await this.loginThrottle.forgetAccount(profile.email);
    // No name or address in the log: the account holder asked for them to go.
    await this.audit.recordSystem({
      by: 'The account holder',
      entity: 'privacy',
      entityId: user.id,
      label: 'Customer account',
      action: 'deleteAccount',
      after: Object.assign({}, ...counts),
    });
    return { ok: true };
  }

  /**
   * Applies the privacy policy's periods (RETENTION) once: each domain's records (requests
   * anonymised with their photos deleted, old orders without the buyer's personal fields), old
   * messages, expired sessions and old activity deleted. The activity log records how many of
   * each (after the log's own purge, so the record stays).
   */
  async applyRetention(now = new Date()): Promise<PersonalDataCounts> {
    const counts: PersonalDataCounts = {};
    for (const holder of this.holders.all()) Object.assign(counts, await holder.applyRetention(now));
    counts['messagesDeleted'] = await this.outbox.purgeBefore(daysBefore(now, RETENTION.messageDays));
    counts['sessionsDeleted'] = await this.sessions.deleteExpired();
    counts['activityRowsDeleted'] = await this.audit.purgeBefore(monthsBefore(now, RETENTION.activityLogMonths));
    await this.audit.recordSystem({
      by: RETENTION_ACTOR,
      entity: 'privacy',
      entityId: randomUUID(),
      label: 'Retention periods',
      action: 'retention',
      after: counts,
    });
    this.logger.log(`retention applied: ${JSON.stringify(counts)}`);
    return counts;
  }
}
