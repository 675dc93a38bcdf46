import { IdSchema, RoleSchema, secretText, StaffRoleSchema, text } from '@dealership/shared-schemas';
import { z } from 'zod';

/** A user as the API returns it: never a password or hash. */
export const UserSchema = z.object({
  id: IdSchema,
  name: text(),
  email: text(),
  phone: text(),
  address: text(),
  role: RoleSchema,
  /** A staff account's role (owner or sales); null for a customer. */
  staffRole: StaffRoleSchema.nullable(),
  /** Whether the owner of `email` followed a link sent to it (cleared when the email changes). */
  emailVerified: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

/** The signed-in user's own account (`user.me`): a staff member also reads whether they are marked away. */
export const MeSchema = UserSchema.extend({
  /** Marked away (leave, a day off): new leads skip them. Always false for a customer. */
  away: z.boolean(),
});
export type Me = z.infer<typeof MeSchema>;

/** Shortest password accepted (the legacy site had no rule). */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password accepted: bounds the work a single login asks of the hasher. */
export const PASSWORD_MAX_LENGTH = 128;

/** A required text field: absent or blank gets `message`. */
const requiredText = (message: string, max: number, label: string) =>
  text({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `${label} must be at most ${max} characters` });

// The legacy client asked for a top-level domain of 2-4 letters; longer real ones exist
// (and the development admin is admin@dealership.local), so any 2 or more letters pass.
const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

/** An email address, compared and stored in lower case. */
export const EmailSchema = text({ error: 'Email is required' })
  .trim()
  .min(1, { error: 'Email is required', abort: true })
  .max(254, { error: 'Email must be at most 254 characters', abort: true })
  .regex(EMAIL_FORMAT, { error: 'Invalid Email Format' })
  .toLowerCase();

/** A new password: at least PASSWORD_MIN_LENGTH characters (kept as typed, spaces included). */
export const PasswordSchema = secretText({ error: 'Password is required' })
  .min(1, { error: 'Password is required', abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` });

const NameSchema = requiredText('Name is required', 100, 'Name');
const PhoneSchema = requiredText('Phone Number is required', 30, 'Phone Number');
const AddressSchema = requiredText('Address is required', 300, 'Address');

/** `POST /api/user/register` and `user.register`. Any `role` sent is dropped: new users are customers. */
export const RegisterInputSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  phone: PhoneSchema,
  address: AddressSchema,
});
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

/** `POST /api/user/login` and `user.login`. No length rule here: a wrong password is just wrong. */
export const LoginInputSchema = z.object({
  email: EmailSchema,
  password: secretText({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` }),
  /** A remembered device's token (staff with a second factor): it skips the second step while it lasts. */
  deviceToken: text().max(200).optional(),
  /** This browser's known device for the account (`knownDevice` of an earlier sign-in): strangers' failures do not delay it. */
  knownDevice: text().max(200).optional(),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

/** What a successful login gives: the user and a bearer token for the Authorization header. */
export const AuthSessionSchema = z.object({ user: UserSchema, token: text() });
export type AuthSession = z.infer<typeof AuthSessionSchema>;

/** The message when a new password comes without the current one. */
export const CURRENT_PASSWORD_REQUIRED = 'Current Password is required to change the password';
/** The message when the email changes without the current password (checked by the server, which knows the stored email). */
export const CURRENT_PASSWORD_REQUIRED_FOR_EMAIL = 'Current Password is required to change the email';

/**
 * `PUT /api/user/profileUpdate` and `user.updateProfile`. An empty or absent password keeps the
 * current one; a new password needs the current one (`currentPassword`, checked by the server);
 * the role is not an input (it never changes here).
 */
export const ProfileUpdateInputSchema = z
  .object({
    name: NameSchema,
    email: EmailSchema,
    password: secretText({ error: 'Password must be text' })
      .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` })
      .refine((password) => password === '' || password.length >= PASSWORD_MIN_LENGTH, {
        error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
      })
      .optional(),
    currentPassword: secretText({ error: 'Current Password must be text' })
      .max(PASSWORD_MAX_LENGTH, { error: `Current Password must be at most ${PASSWORD_MAX_LENGTH} characters` })
      .optional(),
    phone: PhoneSchema,
    address: AddressSchema,
  })
  // Asked for once the new password itself is acceptable (one message at a time on that field pair).
  .refine((input) => !input.password || input.password.length < PASSWORD_MIN_LENGTH || Boolean(input.currentPassword), {
    error: CURRENT_PASSWORD_REQUIRED,
    path: ['currentPassword'],
  });
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateInputSchema>;

/**
 * `user.updateProfile`'s answer: the account as saved, and the new address a link went to when the
 * email is to change (the account keeps its email until that link is opened).
 */
export const ProfileUpdateResultSchema = UserSchema.extend({ pendingEmail: z.string().nullable() });
export type ProfileUpdateResult = z.infer<typeof ProfileUpdateResultSchema>;

/** How long a password reset link works. */
export const PASSWORD_RESET_TTL_MINUTES = 30;
/** How long an email verification link works. */
export const EMAIL_VERIFY_TTL_DAYS = 7;

/**
 * The answer to every password reset request, whether or not the address has an account: the
 * page must not tell anyone which addresses are registered.
 */
export const PASSWORD_RESET_REQUESTED_MESSAGE = `If an account exists for that address, we have sent a link to reset the password. It works for ${PASSWORD_RESET_TTL_MINUTES} minutes.`;

/** The message of a password mismatch on the reset form. */
export const PASSWORDS_DIFFER = 'The two passwords are not the same';

/** `user.requestPasswordReset`: the address to send the link to. */
export const PasswordResetRequestInputSchema = z.object({ email: EmailSchema });
export type PasswordResetRequestInput = z.infer<typeof PasswordResetRequestInputSchema>;

/** The token of an emailed link (32 random bytes, base64url): checked by the server, only bounded here. */
export const LinkTokenSchema = text({ error: 'The link is incomplete' })
  .trim()
  .min(1, { error: 'The link is incomplete' })
  .max(200, { error: 'The link is not valid' });

/** `user.resetPassword`: the emailed token and the new password, typed twice (same rules as registration). */
export const PasswordResetInputSchema = z
  .object({
    token: LinkTokenSchema,
    password: PasswordSchema,
    confirmPassword: secretText({ error: 'Please type the new password again' }).max(PASSWORD_MAX_LENGTH, {
      error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
    }),
  })
  .refine((input) => input.password === input.confirmPassword, { error: PASSWORDS_DIFFER, path: ['confirmPassword'] });
export type PasswordResetInput = z.infer<typeof PasswordResetInputSchema>;

/** `user.verifyEmail`: the emailed token. */
export const EmailVerifyInputSchema = z.object({ token: LinkTokenSchema });
export type EmailVerifyInput = z.infer<typeof EmailVerifyInputSchema>;

/** A staff account as the Staff page lists it (owners only). */
export const StaffMemberSchema = z.object({
  id: IdSchema,
  name: text(),
  email: text(),
  staffRole: StaffRoleSchema,
  /** The latest sign-in; null when they never signed in (an invitation not accepted yet). */
  lastSignInAt: z.iso.datetime({ offset: true }).nullable(),
  /** When an owner deactivated the account; null while active. */
  deactivatedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Invited and not yet signed in: the emailed link sets their password. */
  invitePending: z.boolean(),
  /** They sign in with a second factor. */
  twoFactorEnabled: z.boolean(),
  /** Away (leave, a day off): new leads skip them. */
  away: z.boolean(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** `staff.invite`: a new staff account, told by email with a single-use link to choose a password. */
export const StaffInviteInputSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  staffRole: StaffRoleSchema,
});
export type StaffInviteInput = z.input<typeof StaffInviteInputSchema>;

/** `staff.setRole`: an owner changes a staff account's role (never the last active owner's). */
export const StaffSetRoleInputSchema = z.object({ userId: IdSchema, staffRole: StaffRoleSchema });
export type StaffSetRoleInput = z.infer<typeof StaffSetRoleInputSchema>;

/** `user.setAway` (a staff member, for themself) and `staff.setAway` (an owner, for anyone): new leads skip those away. */
export const SetAwayInputSchema = z.object({ away: z.boolean({ error: 'away must be true or false' }) });
export const StaffSetAwayInputSchema = z.object({ userId: IdSchema, away: z.boolean({ error: 'away must be true or false' }) });

/** `staff.deactivate` and `staff.reactivate`. */
export const StaffMemberInputSchema = z.object({ userId: IdSchema });

/** How long an invitation's link lets the invitee choose a password. */
export const STAFF_INVITE_TTL_DAYS = 7;

// Two-factor sign-in for staff (TOTP, RFC 6238): enrolment from the profile, a second step at sign-in.

/** A staff account's second factor as its profile shows it. */
export const TwoFactorStatusSchema = z.object({
  /** Only staff accounts have one; buyers are never asked. */
  available: z.boolean(),
  enabled: z.boolean(),
  /** The owner requires it of every staff account. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** `user.twoFactorSetup`: a new secret to scan (its QR code as an SVG data URL) or type in. */
export const TwoFactorSetupSchema = z.object({ secret: text(), otpauthUrl: text(), qrCode: text() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

/** Six digits from the authenticator app. */
export const TotpCodeSchema = text({ error: 'Enter the 6-digit code from your authenticator app' })
  .trim()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: 'Enter the 6-digit code from your authenticator app' }));

/** `user.twoFactorEnable`: the first code from the scanned secret turns it on. */
export const TwoFactorEnableInputSchema = z.object({ code: TotpCodeSchema });
/**
 * `user.twoFactorSetup`: nothing for a first enrolment; while two-factor sign-in is on, the current
 * password or a current code from the app, so a stolen session cannot move it to another phone.
 */
export const TwoFactorSetupInputSchema = z
  .object({
    currentPassword: secretText().max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` }).optional(),
    code: TotpCodeSchema.optional(),
  })
  .nullish();
export type TwoFactorSetupInput = z.input<typeof TwoFactorSetupInputSchema>;
/** Shown once, at enrolment: each signs in once without the phone. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(text()) });

/** `user.login`'s answer for an account with a second factor: the second step's challenge (5 minutes). */
export const SecondFactorChallengeSchema = z.object({ secondFactor: z.literal('required'), challenge: text() });
export type SecondFactorChallenge = z.infer<typeof SecondFactorChallengeSchema>;

/** `user.login`: a session, or the second step. A session may say the staff member must enrol first. */
export const LoginResultSchema = z.union([
  AuthSessionSchema.extend({ mustEnrolTwoFactor: z.boolean().optional(), knownDevice: text().optional() }),
  SecondFactorChallengeSchema,
]);
export type LoginResult = z.infer<typeof LoginResultSchema>;

/** `user.loginSecondFactor`: the challenge with a code (or a recovery code), and whether to remember this device for 30 days. */
export const SecondFactorInputSchema = z
  .object({
    challenge: text().min(1, { error: 'challenge is required' }).max(2000),
    code: text().trim().max(20).optional(),
    recoveryCode: text().trim().max(40).optional(),
    rememberDevice: z.boolean().optional(),
    /** As in `LoginInputSchema`. */
    knownDevice: text().max(200).optional(),
  })
  .refine((input) => Boolean(input.code) !== Boolean(input.recoveryCode), { path: ['code'], error: 'Enter the 6-digit code, or a recovery code' });
export type SecondFactorInput = z.input<typeof SecondFactorInputSchema>;

/** The session after the second step; `deviceToken` when the device is to be remembered (the browser keeps it). */
export const SecondFactorSessionSchema = AuthSessionSchema.extend({ deviceToken: text().optional(), knownDevice: text().optional() });

/** How long a remembered device skips the second step. */
export const TRUSTED_DEVICE_DAYS = 30;
/** Recovery codes made at enrolment. */
export const RECOVERY_CODE_COUNT = 10;

/** `user.deleteAccount`: the account's password, asked again in the confirmation dialog. */
export const AccountDeleteInputSchema = z.object({
  password: secretText({ error: 'Password is required to delete your account' }).min(1, { error: 'Password is required to delete your account' }).max(200),
});
export type AccountDeleteInput = z.input<typeof AccountDeleteInputSchema>;

/** How the site's texts reach an account's proved phone. */
export const TEXT_CHANNELS = ['sms', 'whatsapp', 'both'] as const;
export type TextChannel = (typeof TEXT_CHANNELS)[number];
export const TEXT_CHANNEL_LABELS: Record<TextChannel, string> = { sms: 'SMS', whatsapp: 'WhatsApp', both: 'SMS and WhatsApp' };

/** `user.textMessages`: the account's phone, whether a code proved it, and how its texts go. */
export const TextMessagesSchema = z.object({
  phone: text(),
  /** A code sent by SMS proved the account's current phone. */
  verified: z.boolean(),
  channel: z.enum(TEXT_CHANNELS),
  /** The site sends SMS: a code can be sent. */
  canVerify: z.boolean(),
  /** The site can send its texts by WhatsApp (WhatsApp and its notification template are configured). */
  whatsappAvailable: z.boolean(),
});
export type TextMessages = z.infer<typeof TextMessagesSchema>;

/** Digits of a phone verification code. */
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_MESSAGE = `Enter the ${PHONE_CODE_LENGTH}-digit code we sent you by SMS`;
/** `user.verifyPhone`: the code from the SMS. */
export const PhoneCodeInputSchema = z.object({
  code: text({ error: PHONE_CODE_MESSAGE })
    .trim()
    .regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), { error: PHONE_CODE_MESSAGE }),
});
export type PhoneCodeInput = z.input<typeof PhoneCodeInputSchema>;

/** `user.setTextChannel`. */
export const SetTextChannelInputSchema = z.object({ channel: z.enum(TEXT_CHANNELS, { error: 'channel must be sms, whatsapp or both' }) });
