import { EmailLayout, EmailLink, EmailText, renderEmail, type EmailSite, type RenderedEmail } from '@dealership/message-server';
import { RETENTION, SITE_NAME, type StaffRole } from '@dealership/shared-schemas';
import { EMAIL_VERIFY_TTL_DAYS, PASSWORD_RESET_TTL_MINUTES, STAFF_INVITE_TTL_DAYS } from '@dealership/user-schemas';

/** A page of the site with the token in its query: what the emailed button opens. */
export const accountLink = (site: EmailSite, path: '/reset-password' | '/verify-email', token: string) =>
  `${site.publicUrl}${path}?token=${encodeURIComponent(token)}`;

const button = {
  backgroundColor: '#1c7ed6',
  color: '#ffffff',
  padding: '12px 20px',
  borderRadius: '6px',
  fontWeight: 700,
  textDecoration: 'none',
  display: 'inline-block',
};

/** The link twice: as a button, and written out for mail apps that hide buttons or strip links. */
function LinkBlock({ href, label }: { href: string; label: string }) {
  return (
    <>
      <EmailText>
        <EmailLink href={href} style={button}>
          {label}
        </EmailLink>
      </EmailText>
      <EmailText>
        If the button does not work, copy this address into your browser: <EmailLink href={href}>{href}</EmailLink>
      </EmailText>
    </>
  );
}

/** The password reset email: one link, valid PASSWORD_RESET_TTL_MINUTES, usable once. */
export function passwordResetEmail(site: EmailSite, name: string, token: string): Promise<RenderedEmail> {
  const href = accountLink(site, '/reset-password', token);
  return renderEmail(
    'Reset your password',
    <EmailLayout site={site} preview="A link to choose a new password" heading="Reset your password">
      <EmailText>Hello {name},</EmailText>
      <EmailText>Someone (we hope you) asked to reset the password of your account. Choose a new one here:</EmailText>
      <LinkBlock href={href} label="Choose a new password" />
      <EmailText>
        The link works once, for {PASSWORD_RESET_TTL_MINUTES} minutes. Setting a new password signs your account out on every phone and computer.
      </EmailText>
      <EmailText>If you did not ask for this, ignore this email: your password stays as it is.</EmailText>
    </EmailLayout>,
  );
}

/** The verification email: one link, valid EMAIL_VERIFY_TTL_DAYS, for the address it was sent to. */
export function emailVerificationEmail(site: EmailSite, name: string, token: string): Promise<RenderedEmail> {
  const href = accountLink(site, '/verify-email', token);
  return renderEmail(
    'Confirm your email address',
    <EmailLayout site={site} preview="One click to confirm your email address" heading="Confirm your email address">
      <EmailText>Hello {name},</EmailText>
      <EmailText>Please confirm that this is your email address, so we can send your order receipts and a password reset link here:</EmailText>
      <LinkBlock href={href} label="Confirm my email address" />
      <EmailText>The link works for {EMAIL_VERIFY_TTL_DAYS} days. If you did not open an account with us, ignore this email.</EmailText>
    </EmailLayout>,
  );
}

/**
 * The link that moves an account to a new address, sent to that address: the email changes only
 * when its owner opens it (one link, valid EMAIL_VERIFY_TTL_DAYS).
 */
export function emailChangeEmail(site: EmailSite, name: string, token: string): Promise<RenderedEmail> {
  const href = accountLink(site, '/verify-email', token);
  return renderEmail(
    'Confirm your new email address',
    <EmailLayout site={site} preview="One click to move your account to this address" heading="Confirm your new email address">
      <EmailText>Hello {name},</EmailText>
      <EmailText>You asked to use this address for your account. Your email changes when you confirm it here:</EmailText>
      <LinkBlock href={href} label="Use this email address" />
      <EmailText>The link works for {EMAIL_VERIFY_TTL_DAYS} days. If you did not ask for this, ignore this email: nothing changes.</EmailText>
    </EmailLayout>,
  );
}

/** Told to the previous address once the account has moved: a takeover would show here first. */
export function emailChangedNotice(site: EmailSite, name: string, newEmail: string): Promise<RenderedEmail> {
  return renderEmail(
    'Your account email was changed',
    <EmailLayout site={site} preview="Your account now uses another email address" heading="Your account email was changed">
      <EmailText>Hello {name},</EmailText>
      <EmailText>
        Your account on {SITE_NAME} now uses <strong>{newEmail}</strong>: receipts, reset links and messages go there from now on.
      </EmailText>
      <EmailText>If you did not make this change, call us at once: someone may have your password.</EmailText>
    </EmailLayout>,
  );
}

/** The invitation to the staff: a link to choose a password, valid STAFF_INVITE_TTL_DAYS. */
export function staffInviteEmail(site: EmailSite, name: string, invitedBy: string, role: StaffRole, token: string): Promise<RenderedEmail> {
  const href = `${accountLink(site, '/reset-password', token)}&invite=1`;
  return renderEmail(
    `${invitedBy} invited you to the ${SITE_NAME} back office`,
    <EmailLayout site={site} preview="Choose your password to start" heading="Welcome to the team">
      <EmailText>Hello {name},</EmailText>
      <EmailText>
        {invitedBy} made you a staff account ({role === 'owner' ? 'owner' : 'sales'}) on {SITE_NAME}'s back office. Choose your password to start:
      </EmailText>
      <LinkBlock href={href} label="Choose your password" />
      <EmailText>The link works once, for {STAFF_INVITE_TTL_DAYS} days. Then sign in with this email address and your password.</EmailText>
    </EmailLayout>,
  );
}

/** The confirmation that an account was deleted, to the address it had: what went and what the dealer keeps. */
export function accountDeletedEmail(site: EmailSite, name: string): Promise<RenderedEmail> {
  return renderEmail(
    `Your ${SITE_NAME} account is deleted`,
    <EmailLayout site={site} preview="Your account and its personal data are deleted" heading="Your account is deleted">
      <EmailText>Hello {name},</EmailText>
      <EmailText>
        As you asked, we deleted your account: your profile, your sign-ins on every device, and your name and contact details on your requests to us.
      </EmailText>
      <EmailText>
        Your orders stay in our accounts for the {RETENTION.saleYears} years the tax law requires, without your name, phone number or address.
      </EmailText>
      <EmailText>If you did not ask for this, call us on {site.dealerPhone} at once.</EmailText>
    </EmailLayout>,
  );
}
