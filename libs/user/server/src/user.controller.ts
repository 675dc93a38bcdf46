import { type Access, AuthService, CurrentUser, LoggedIn, Public } from '@dealership/server-auth';
import { LegacyErrorBodySchema, LegacyErrorText, parseOrThrow } from '@dealership/server-core';
import { LegacyMessageBodySchema } from '@dealership/server-legacy-rest';
import { RestRoute } from '@dealership/server-openapi';
import { type AuthUser, ERROR_HTTP_STATUS } from '@dealership/shared-schemas';
import { LoginInputSchema, ProfileUpdateInputSchema, RegisterInputSchema } from '@dealership/user-schemas';
import { Body, Controller, Get, Header, Headers, HttpCode, Ip, Post, Put, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { LegacyAuthCheckSchema, LegacyLoginResponseSchema, LegacyProfileUpdateResponseSchema, toLegacyUser } from './user.legacy-mapper';
import { z } from 'zod';
import { UserService } from './user.service';

const RetryAfter = z.object({ 'retry-after': z.string().meta({ description: 'Seconds until the limit resets.' }) });
/** The gates answer `{ok}` whatever the outcome; only the database being away gets the error envelope. */
const AUTH_CHECK = {
  tag: 'user',
  token: 'optional',
  errorBody: LegacyAuthCheckSchema,
} as const;
const DATABASE_AWAY = {
  description: 'The database is unavailable; try again after `Retry-After` seconds.',
  schema: LegacyErrorBodySchema,
  headers: RetryAfter,
};

/** The legacy `/api/user/...` account paths, in their response shapes. */
@Controller('user')
export class UserController {
  constructor(
    private readonly users: UserService,
    private readonly auth: AuthService,
  ) {}

  @Public()
  @Post('register')
  @Header('cache-control', 'no-store')
  @RestRoute({
    summary: 'Registers a customer (a role in the body is ignored)',
    body: { json: RegisterInputSchema },
    responses: {
      201: { description: 'Registered; log in next.', schema: LegacyMessageBodySchema },
      409: 'An account with this email exists.',
      429: { description: 'Too many registrations from this address (10 an hour).', headers: RetryAfter },
    },
  })
  async register(@Body() body: unknown, @Ip() ip: string, @Headers('user-agent') userAgent?: string) {
    await this.users.register(parseOrThrow(RegisterInputSchema, body), ip, userAgent);
    return { success: true, message: 'User Registered Successfully' };
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  @RestRoute({
    summary: 'Logs in: the user and a token (a session of its own)',
    body: { json: LoginInputSchema },
    responses: {
      200: { description: 'Logged in. Send `token` as `Authorization` (bare or `Bearer`).', schema: LegacyLoginResponseSchema },
      401: 'Invalid email or password (the same message whether or not the email exists).',
      429: { description: 'Too many failed logins for this email from this address, or from this address.', headers: RetryAfter },
    },
  })
  async login(@Body() body: unknown, @Ip() ip: string, @Headers('user-agent') userAgent?: string) {
    const { user, token } = await this.users.legacyLogin(parseOrThrow(LoginInputSchema, body), ip, userAgent);
    return { success: true, message: 'Login successfully', user: toLegacyUser(user), token };
  }

  /** `{ok:true}` for any valid token, else 401 `{ok:false}` (the user area's gate). */
  @Public()
  @Get('user-auth')
  @Header('cache-control', 'no-store')
  @RestRoute({
    ...AUTH_CHECK,
    summary: "The user area's gate: is this token valid?",
    responses: { 200: { description: 'A valid token.', schema: LegacyAuthCheckSchema }, 401: 'No valid token: `{ok:false}`.', 503: DATABASE_AWAY },
  })
  userAuth(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.check(authorization, 'user', reply);
  }

  /** `{ok:true}` for an admin's token; 403 `{ok:false}` for another user's, 401 `{ok:false}` without a valid one. */
  @Public()
  @Get('admin-auth')
  @Header('cache-control', 'no-store')
  @RestRoute({
    ...AUTH_CHECK,
    summary: "The back office's gate: is this an admin's token?",
    responses: {
      200: { description: "An admin's token.", schema: LegacyAuthCheckSchema },
      401: 'No valid token: `{ok:false}`.',
      403: "Another user's token: `{ok:false}`.",
      503: DATABASE_AWAY,
    },
  })
  adminAuth(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.check(authorization, 'admin', reply);
  }

  @LoggedIn()
  @LegacyErrorText()
  @Put('profileUpdate')
  @RestRoute({
    summary: "Updates the caller's profile (a new password needs the current one)",
    description:
      'Failures carry the message under `error` too (the legacy profile screen reads it). A password or email change needs `currentPassword` and ends every other session of the user. A new email is pending: a link goes to it and the account moves when its owner opens it (`updatedUser` keeps the current email); the answer is the same when another account has that address.',
    body: { json: ProfileUpdateInputSchema },
    responses: {
      200: { description: 'The user as updated (no password).', schema: LegacyProfileUpdateResponseSchema },
      400: 'An invalid field, `Current Password is incorrect`, or a new email without `currentPassword`.',
      429: { description: 'Too many wrong current passwords (counted as failed logins).', headers: RetryAfter },
    },
  })
  async profileUpdate(@CurrentUser() user: AuthUser, @Body() body: unknown, @Ip() ip: string, @Headers('user-agent') userAgent?: string) {
    const updatedUser = await this.users.updateProfile(user, parseOrThrow(ProfileUpdateInputSchema, body), ip, userAgent);
    return { success: true, message: 'Profile Updated Successfully', updatedUser: toLegacyUser(updatedUser) };
  }

  /** Ends the session of the calling token (not in the legacy API: for clients that sign out). */
  @LoggedIn()
  @Post('logout')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  @RestRoute({
    summary: "Ends the calling token's session (not in the legacy API)",
    responses: { 200: { description: 'Logged out: the token no longer works.', schema: LegacyMessageBodySchema } },
  })
  async logout(@CurrentUser() user: AuthUser, @Ip() ip: string, @Headers('user-agent') userAgent?: string) {
    await this.users.logout(user, { ip, userAgent });
    return { success: true, message: 'Logged out' };
  }

  // The gates answer `{ok}` rather than the error envelope, so they judge the token themselves.
  private async check(authorization: string | undefined, access: Access, reply: FastifyReply) {
    const denial = await this.auth.denialFor(authorization, access);
    if (denial) void reply.status(ERROR_HTTP_STATUS[denial]);
    return { ok: denial === null };
  }
}
