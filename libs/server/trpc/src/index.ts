export * from './context-errors';
export {
  adminProcedure,
  authedProcedure,
  type AuthUser,
  createCallerFactory,
  ownerProcedure,
  publicProcedure,
  router,
  staffEnrolmentProcedure,
  type TrpcContext,
} from './trpc';
