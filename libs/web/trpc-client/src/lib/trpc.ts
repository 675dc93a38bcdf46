import type { AppRouter } from '@dealership/app-router';
import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

/** Typed tRPC hooks for the dealership API (`trpc.car.latest.useQuery()`). */
export const trpc = createTRPCReact<AppRouter>();

/** Inputs of every procedure, e.g. `RouterInputs['car']['list']`. */
export type RouterInputs = inferRouterInputs<AppRouter>;
/** Outputs of every procedure, e.g. `RouterOutputs['brand']['list']`. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;
