export { trpc, type QueryResult, type RouterInputs, type RouterOutputs } from './lib/trpc';
export { TrpcProvider, createQueryClient, QUERY_DEFAULTS, type TrpcProviderProps } from './lib/TrpcProvider';
export { authHeaders } from './lib/auth-headers';
