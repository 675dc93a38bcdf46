export * from './context-errors';
export { startProcedureMetrics } from './procedure-metrics';
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
export { BackupRouter } from './backup.router';
