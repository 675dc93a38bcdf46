import type { AppRouter } from '@dealership/app-router';
import type { TRPCClientErrorLike } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { UseTRPCQueryResult } from '@trpc/react-query/shared';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

/** Typed tRPC hooks for the dealership API (`trpc.car.latest.useQuery()`). */
export const trpc = createTRPCReact<AppRouter>();

/** Inputs of every procedure, e.g. `RouterInputs['car']['list']`. */
export type RouterInputs = inferRouterInputs<AppRouter>;
/** Outputs of every procedure, e.g. `RouterOutputs['brand']['list']`. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/**
 * What `trpc.<domain>.<procedure>.useQuery()` returns for an output `TData`, e.g.
 * `QueryResult<RouterOutputs['setting']['current']>`. A hook that returns a query says so with it: the
 * typecheck writes declarations (tools/scripts/typecheck.mjs), and tRPC's own name for the type lives in
 * a chunk of its package the compiler cannot name (it is exported from `@trpc/react-query/shared`).
 */
export type QueryResult<TData> = UseTRPCQueryResult<TData, TRPCClientErrorLike<AppRouter>>;
