// `npm run dev`: the API with hot reload (rebuilt and restarted on change) and Vite's dev server
// with hot module replacement on http://localhost:4200, proxying /api, /trpc and /media to it.
import './env-file.mjs';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nxEnv } from './nx-env.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const children = [
  spawn('node', [join(root, 'tools/scripts/dev-server.mjs')], { cwd: root, stdio: 'inherit', env: nxEnv }),
  // Vite proxies to the API's port: a PORT in .env moves both.
  spawn('npx', ['vite'], { cwd: join(root, 'apps/web'), stdio: 'inherit', env: { ...nxEnv, API_PORT: nxEnv.API_PORT ?? nxEnv.PORT ?? '3000' } }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
