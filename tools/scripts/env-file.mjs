// `npm start` and `npm run dev` read the workspace's .env when there is one (.env.example lists
// every setting). Node's own reader, with Node's rule: a variable already set in the environment
// wins over the file. Imported before anything else, so every process the scripts start sees it.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const file = join(dirname(fileURLToPath(import.meta.url)), '../../.env');
if (existsSync(file)) {
  process.loadEnvFile(file);
  console.log('Settings read from .env (a variable set in the environment wins over it).');
}
