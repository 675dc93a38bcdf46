import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { accessDenial } from './access';
import { AdminAccessRequiredError, AuthenticationRequiredError, OwnerAccessRequiredError, SecondFactorEnrolmentRequiredError } from './auth.errors';
import { Role } from '@dealership/shared-schemas';
import { AuthService } from './auth.service';
import { type AuthenticatedRequest, routeAccess } from './decorators';

/**
 * The one access check of the REST surface, applied to every route (AuthModule registers it as
 * the app's guard). It reads the route's level from `@Public()`, `@LoggedIn()` or `@AdminOnly()`;
 * a route with none is admin-only. Refusals are domain errors, so the exception filter answers
 * 401 or 403 `{success:false, message}` at once.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = routeAccess(this.reflector, context);
    if (access === 'public') return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const authorization = request.headers.authorization;
    const user = await this.auth.userFromAuthorization(authorization);
    const denial = accessDenial(user, access);
    if (denial === 'UNAUTHORIZED' || !user) throw new AuthenticationRequiredError(Boolean(authorization));
    if (denial === 'FORBIDDEN' && user.role === Role.Admin && user.enrolmentOnly) throw new SecondFactorEnrolmentRequiredError();
    if (denial === 'FORBIDDEN') throw access === 'owner' && user.role === Role.Admin ? new OwnerAccessRequiredError() : new AdminAccessRequiredError();
    request.user = user;
    return true;
  }
}
