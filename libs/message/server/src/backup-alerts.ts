import { backupStatus, type BackupFailure, type Database, DB, ServerBackups } from '@dealership/server-db';
import { Inject, Injectable, type OnModuleInit, Optional } from '@nestjs/common';
import { backupFailedEmail } from './backup-failed-email';
import { Outbox } from './outbox';

// A .ts file of its own: the server's build compiles decorators (and their metadata) in .ts files only.

/** Emails the owners (and LEAD_ALERT_EMAILS) when the daily backup fails, through the outbox. */
@Injectable()
export class BackupAlerts implements OnModuleInit {
  constructor(
    private readonly outbox: Outbox,
    @Inject(DB) private readonly db: Database,
    // Only the app's database module takes backups; a test module without it has none to fail.
    @Optional() private readonly backups?: ServerBackups,
  ) {}

  onModuleInit() {
    this.backups?.onScheduledFailure((failure) => this.tellOwners(failure));
  }

  async tellOwners(failure: BackupFailure): Promise<void> {
    const email = await backupFailedEmail(failure, await backupStatus(this.db), this.outbox.site);
    await this.outbox.alertStaff(this.db, { topic: 'backup.failed', email, ownersOnly: true });
  }
}
