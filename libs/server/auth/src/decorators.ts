import type { AuthUser } from '@dealership/shared-schemas';
import { createParamDecorator, type ExecutionContext, SetMetadata, UnauthorizedException } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { Access } from './access';

/** Route metadata key of the access level. */
export const ACCESS_KEY = 'dealership:access';

/**
 * What a route without an access decorator requires: an admin. Forgetting the decorator makes a
 * route too strict (a failing test), never too open.
 */
export const DEFAULT_ACCESS: Access = 'admin';

/** Anyone may call it (catalogue reads, login, register, health). */
export const Public = () => SetMetadata(ACCESS_KEY, 'public' satisfies Access);
/** Any signed-in user may call it; the handler gets them with `@CurrentUser()`. */
export const LoggedIn = () => SetMetadata(ACCESS_KEY, 'user' satisfies Access);
/** Admins (role 1) only. The same as no decorator; written out where it helps the reader. */
export const AdminOnly = () => SetMetadata(ACCESS_KEY, 'admin' satisfies Access);
/** Owners only (the staff, rates, reports, exports): a salesperson gets 403. */
export const OwnerOnly = () => SetMetadata(ACCESS_KEY, 'owner' satisfies Access);

/** The access level of the route being handled: the handler's, else its controller's, else the default. */
export function routeAccess(reflector: Reflector, context: ExecutionContext): Access {
  return reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]) ?? DEFAULT_ACCESS;
}

/** A request the access guard let through, with the signed-in user when the route needs one. */
export type AuthenticatedRequest = FastifyRequest & { user?: AuthUser };

/** The signed-in user of a `@LoggedIn()` or admin route (set by the access guard). */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser => {
  const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
  // Only a public route could get here without one: refuse rather than run without a user.
  if (!user) throw new UnauthorizedException('Please log in');
  return user;
});
