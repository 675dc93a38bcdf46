import type { BackupFailure, BackupStatus } from '@dealership/server-db';
import { EmailField, EmailLayout, EmailText, renderEmail, type EmailSite, type RenderedEmail } from './email-layout';

const nairobiTime = (date: Date) => date.toLocaleString('en-KE', { timeZone: 'Africa/Nairobi', dateStyle: 'medium', timeStyle: 'short' });

/** The owners' email when the daily backup failed: what failed, and what the newest backup is. */
export function backupFailedEmail(failure: BackupFailure, status: BackupStatus, site: EmailSite): Promise<RenderedEmail> {
  const last = status.lastWritten;
  return renderEmail(
    'The daily backup failed',
    <EmailLayout site={site} preview="The site could not take its daily backup" heading="The daily backup failed">
      <EmailText>
        The site could not take its daily backup. The site goes on working; it tries again tomorrow. Ask whoever runs the server to look at it (docs/operating.md,
        "Backups"): `npm run backup` on the server takes one at once.
      </EmailText>
      <EmailField label="When">{nairobiTime(failure.at)}</EmailField>
      <EmailField label="What went wrong">{failure.error}</EmailField>
      <EmailField label="Server">{failure.takenBy}</EmailField>
      <EmailField label="Newest backup">{last ? `${nairobiTime(last.finishedAt)}${last.copiedTo ? `, copied to ${last.copiedTo}` : ''}` : 'none yet'}</EmailField>
    </EmailLayout>,
  );
}
