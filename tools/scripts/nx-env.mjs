// Environment for every Nx run our scripts make: no daemon, no cloud, no telemetry.
export const nxEnv = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_SKIP_NX_CACHE: process.env.NX_SKIP_NX_CACHE ?? '' };
