import { type AuthUser, DomainError, type ErrorCode } from '@dealership/shared-schemas';
import { type Access, accessDenial, accessDeniedMessage } from '@dealership/server-auth';
import { mapDatabaseError } from '@dealership/server-core';
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError, z } from 'zod';

/** The signed-in user, as the auth layer resolved it from the request's token. */
export type { AuthUser };

/** What every procedure receives. The API module builds it per request. */
export interface TrpcContext {
  user: AuthUser | null;
  /** The client's address (rate limits, audit logs). */
  ip: string;
  /** The client's User-Agent, when it sent one (security events in the audit log; crawlers are not counted as a car's viewers). */
  userAgent?: string;
  /** The path of the site's page the call was made from (the Referer, same origin only): where a lead came from. */
  sourcePage?: string;
}

const TRPC_CODE: Record<ErrorCode, TRPCError['code']> = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  PAYMENT_REQUIRED: 'PAYMENT_REQUIRED',
  BAD_GATEWAY: 'BAD_GATEWAY',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  NOT_IMPLEMENTED: 'NOT_IMPLEMENTED',
};

/** The first issue's message of a validation failure (zod's, or any Standard Schema's). */
function firstIssueMessage(cause: unknown): string | undefined {
  const issues = cause instanceof ZodError ? cause.issues : (cause as { issues?: unknown } | undefined)?.issues;
  const message = Array.isArray(issues) ? (issues[0] as { message?: unknown } | undefined)?.message : undefined;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

// Module-level `t`, outside Nest's DI, so AppRouter's type stays static (house style).
const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    return {
      ...shape,
      // Internal errors never leak their message or stack to the client; an invalid input says
      // its first problem in words (zod's own message is the JSON of every issue).
      message: error.code === 'INTERNAL_SERVER_ERROR' ? 'Internal server error' : (firstIssueMessage(cause) ?? shape.message),
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        /** Field messages of an invalid input: `{ price: ['Price is required'] }`. */
        fieldErrors: cause instanceof ZodError ? z.flattenError(cause).fieldErrors : null,
        /** The domain error's field, when it names one. */
        field: cause instanceof DomainError ? (cause.field ?? null) : null,
      },
    };
  },
});

/** One finished procedure call: its path (`car.bySlug`), `ok` or the error code it answered, and how long it took. */
export type ProcedureCallObserver = (path: string, outcome: 'ok' | TRPCError['code'], seconds: number) => void;

// Set once the metrics are on (`observeProcedureCalls`); until then a call pays one check for it.
let procedureCalls: ProcedureCallObserver | undefined;

/**
 * Tells `observer` of every procedure call from now on, with the code it answered (after domain
 * errors are mapped), whatever calls it: `/trpc` over either transport, or the server renderer.
 * Calls to no procedure (an unknown path) never reach it. The latest observer replaces the previous.
 */
export function observeProcedureCalls(observer: ProcedureCallObserver): void {
  procedureCalls = observer;
}

/**
 * Turns the services' domain errors into tRPC errors with the matching code (and HTTP status).
 * The outermost step of every procedure, so it also times calls for `observeProcedureCalls`: input
 * parsing, the access checks and the body are inside it. (Timing in a middleware of its own
 * would cost every call a step even with the metrics off.)
 */
const domainErrors = t.middleware(async ({ path, next }) => {
  const observe = procedureCalls;
  const started = observe ? performance.now() : 0;
  const result = await next();
  // The database being away is SERVICE_UNAVAILABLE with Retry-After, not an internal error.
  const cause = result.ok ? undefined : mapDatabaseError(result.error.cause);
  const mapped = !result.ok && cause instanceof DomainError ? new TRPCError({ code: TRPC_CODE[cause.code], message: cause.message, cause }) : undefined;
  observe?.(path, result.ok ? 'ok' : (mapped ?? result.error).code, (performance.now() - started) / 1000);
  if (mapped) throw mapped;
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Anyone may call it. */
export const publicProcedure = t.procedure.use(domainErrors);

/** Refuses the call unless `user` has `access`, by the same rule as the REST guard. */
function demand(user: AuthUser | null, access: Access): asserts user is AuthUser {
  const denial = accessDenial(user, access);
  if (denial) throw new TRPCError({ code: denial, message: accessDeniedMessage(denial, access, user) });
}

/** Requires a signed-in user; `ctx.user` is non-null inside. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  demand(ctx.user, 'user');
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** Requires a staff account (role 1: an owner or a salesperson). Every back-office procedure uses this or `ownerProcedure`: the UI hiding a button is not enough. */
export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  demand(ctx.user, 'admin');
  return next({ ctx });
});

/**
 * Requires a staff account, and lets in a session held at the enrolment step (signed in while a
 * second factor is required and the account has none): enrolling one is what it is for.
 */
export const staffEnrolmentProcedure = authedProcedure.use(({ ctx, next }) => {
  demand({ ...ctx.user, enrolmentOnly: false }, 'admin');
  return next({ ctx });
});

/** Requires an owner: the staff, the rates, the site content, the reports and the audit log. */
export const ownerProcedure = authedProcedure.use(({ ctx, next }) => {
  demand(ctx.user, 'owner');
  return next({ ctx });
});
