import { type AuditActor, type AuditClient, AuditService } from '@dealership/audit-server';
import { emailMessage, Outbox } from '@dealership/message-server';
import { Role, type StaffRole } from '@dealership/shared-schemas';
import { STAFF_INVITE_TTL_DAYS, type StaffInviteInput, type StaffMember } from '@dealership/user-schemas';
import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { staffInviteEmail } from './account-emails';
import { PasswordHasher } from './password-hasher';
import { SessionRepository } from './session.repository';
import { UserTokenRepository } from './user-token.repository';
import { StaffChangeRefusedError } from './user.errors';
import { UserRepository } from './user.repository';

const INVITE_TTL_MS = STAFF_INVITE_TTL_DAYS * 24 * 60 * 60 * 1000;

/**
 * The dealership's staff, as owners run it (the Staff page): invite by email, change a role,
 * deactivate and reactivate. Every change is one transaction under one lock, so the dealership
 * never loses its last active owner, and an audit-log row.
 */
@Injectable()
export class StaffService {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: UserTokenRepository,
    private readonly sessions: SessionRepository,
    private readonly hasher: PasswordHasher,
    private readonly outbox: Outbox,
    private readonly audit: AuditService,
  ) {}

  list(): Promise<StaffMember[]> {
    return this.users.staff();
  }

  /**
   * Makes a staff account for `email` and emails its single-use link to choose a password (the
   * password-reset link, valid STAFF_INVITE_TTL_DAYS; its page welcomes them). Until then the
   * account has a random password nobody knows. An address that has an account already is refused.
   */
  async invite(input: StaffInviteInput & { email: string }, actor: AuditActor, client?: AuditClient): Promise<StaffMember> {
    const unusable = await this.hasher.hash(randomBytes(32).toString('base64url'));
    const token = this.tokens.generate();
    const message = await staffInviteEmail(this.outbox.site, input.name, actor.name, input.staffRole, token.token);
    const member = await this.users.transaction(async (tx) => {
      const created = await this.users.create(
        { name: input.name, email: input.email, passwordHash: unusable, phone: '', address: '', role: Role.Admin, staffRole: input.staffRole },
        tx,
      );
      if (!created) throw new StaffChangeRefusedError('email-taken');
      await this.tokens.save(tx, token, { userId: created.id, purpose: 'password-reset', email: created.email, ttlMs: INVITE_TTL_MS });
      await this.outbox.enqueue(tx, [emailMessage(created.email, 'staff.invite', message, { sensitive: true })]);
      return (await this.users.staffMember(tx, created.id)) as StaffMember;
    });
    await this.audit.record({ actor, entity: 'user', entityId: member.id, label: `Staff ${member.name}`, action: 'invite', after: { email: member.email, staffRole: member.staffRole }, client });
    return member;
  }

  /** Changes a staff account's role; the last active owner cannot be made sales. */
  async setRole(userId: string, staffRole: StaffRole, actor: AuditActor, client?: AuditClient): Promise<StaffMember> {
    return this.change(userId, actor, client, 'setRole', async (tx, before) => {
      if (before.staffRole === 'owner' && staffRole !== 'owner' && !before.deactivatedAt && (await this.users.otherActiveOwners(tx, userId)) === 0) {
        throw new StaffChangeRefusedError('last-owner');
      }
      await this.users.setStaffRole(tx, userId, staffRole);
    });
  }

  /** Deactivates a staff account: it cannot sign in, and every session of it ends at once. Never the last active owner. */
  async deactivate(userId: string, actor: AuditActor, client?: AuditClient): Promise<StaffMember> {
    return this.change(userId, actor, client, 'deactivate', async (tx, before) => {
      if (before.staffRole === 'owner' && !before.deactivatedAt && (await this.users.otherActiveOwners(tx, userId)) === 0) {
        throw new StaffChangeRefusedError('last-owner');
      }
      await this.users.setDeactivated(tx, userId, before.deactivatedAt ? new Date(before.deactivatedAt) : new Date());
      await this.sessions.revokeAllIn(tx, userId);
    });
  }

  /** Marks a staff account away (new leads skip it) or back, by themself or an owner. */
  async setAway(userId: string, away: boolean, actor: AuditActor): Promise<{ away: boolean }> {
    if (!(await this.users.setAway(userId, away))) throw new StaffChangeRefusedError('not-staff');
    await this.audit.record({ actor, entity: 'user', entityId: userId, action: 'setAway', after: { away } });
    return { away };
  }

  async reactivate(userId: string, actor: AuditActor, client?: AuditClient): Promise<StaffMember> {
    return this.change(userId, actor, client, 'reactivate', (tx) => this.users.setDeactivated(tx, userId, null));
  }

  private async change(
    userId: string,
    actor: AuditActor,
    client: AuditClient | undefined,
    action: 'setRole' | 'deactivate' | 'reactivate',
    apply: (tx: Parameters<Parameters<UserRepository['transaction']>[0]>[0], before: StaffMember) => Promise<void>,
  ): Promise<StaffMember> {
    const { before, after } = await this.users.transaction(async (tx) => {
      await this.users.lockStaff(tx);
      const found = await this.users.staffMember(tx, userId);
      if (!found) throw new StaffChangeRefusedError('not-staff');
      await apply(tx, found);
      return { before: found, after: (await this.users.staffMember(tx, userId)) as StaffMember };
    });
    await this.audit.record({
      actor,
      entity: 'user',
      entityId: userId,
      label: `Staff ${after.name}`,
      action,
      before: { staffRole: before.staffRole, deactivatedAt: before.deactivatedAt },
      after: { staffRole: after.staffRole, deactivatedAt: after.deactivatedAt },
      client,
    });
    return after;
  }
}
