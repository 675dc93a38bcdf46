import { type Access, AuthService, CurrentUser, LoggedIn, Public } from '@dealership/server-auth';
import { LegacyErrorText, parseOrThrow } from '@dealership/server-core';
import { ERROR_HTTP_STATUS } from '@dealership/shared-schemas';
import { type AuthUser, LoginInputSchema, ProfileUpdateInputSchema, RegisterInputSchema } from '@dealership/user-schemas';
import { Body, Controller, Get, Header, Headers, HttpCode, Ip, Post, Put, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { toLegacyUser } from './user.legacy-mapper';
import { UserService } from './user.service';

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
  async register(@Body() body: unknown, @Ip() ip: string) {
    await this.users.register(parseOrThrow(RegisterInputSchema, body), ip);
    return { success: true, message: 'User Registered Successfully' };
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  async login(@Body() body: unknown, @Ip() ip: string) {
    const { user, token } = await this.users.login(parseOrThrow(LoginInputSchema, body), ip);
    return { success: true, message: 'Login successfully', user: toLegacyUser(user), token };
  }

  /** `{ok:true}` for any valid token, else 401 `{ok:false}` (the user area's gate). */
  @Public()
  @Get('user-auth')
  @Header('cache-control', 'no-store')
  userAuth(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.check(authorization, 'user', reply);
  }

  /** `{ok:true}` for an admin's token; 403 `{ok:false}` for another user's, 401 `{ok:false}` without a valid one. */
  @Public()
  @Get('admin-auth')
  @Header('cache-control', 'no-store')
  adminAuth(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.check(authorization, 'admin', reply);
  }

  @LoggedIn()
  @LegacyErrorText()
  @Put('profileUpdate')
  async profileUpdate(@CurrentUser() user: AuthUser, @Body() body: unknown, @Ip() ip: string) {
    const updatedUser = await this.users.updateProfile(user, parseOrThrow(ProfileUpdateInputSchema, body), ip);
    return { success: true, message: 'Profile Updated Successfully', updatedUser: toLegacyUser(updatedUser) };
  }

  /** Ends the session of the calling token (not in the legacy API: for clients that sign out). */
  @LoggedIn()
  @Post('logout')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  async logout(@CurrentUser() user: AuthUser) {
    await this.users.logout(user);
    return { success: true, message: 'Logged out' };
  }

  // The gates answer `{ok}` rather than the error envelope, so they judge the token themselves.
  private async check(authorization: string | undefined, access: Access, reply: FastifyReply) {
    const denial = await this.auth.denialFor(authorization, access);
    if (denial) void reply.status(ERROR_HTTP_STATUS[denial]);
    return { ok: denial === null };
  }
}
