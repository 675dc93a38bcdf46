import { backupStatus, type BackupRun, type Database, DB } from '@dealership/server-db';
import { ownerProcedure, router } from './trpc';
import { Inject, Injectable } from '@nestjs/common';
import { basename } from 'node:path';

/** A backup as the owners' back office shows it: when, how big, where. */
const shown = (run: BackupRun | null) =>
  run && {
    finishedAt: run.finishedAt.toISOString(),
    bytes: run.bytes,
    file: run.file && basename(run.file),
    copiedTo: run.copiedTo,
    takenBy: run.takenBy,
    error: run.error,
  };

/**
 * The site's backups (infrastructure, no domain's): the newest written and the newest failed, for
 * the owners' dashboard. The runs are recorded in the database, so every instance answers the same.
 */
@Injectable()
export class BackupRouter {
  readonly router;

  constructor(@Inject(DB) db: Database) {
    this.router = router({
      status: ownerProcedure.query(async () => {
        const { lastWritten, lastFailed } = await backupStatus(db);
        return { lastWritten: shown(lastWritten), lastFailed: shown(lastFailed) };
      }),
    });
  }
}
