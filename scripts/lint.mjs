// `npm run lint`: ESLint over the project (arguments pass through: `npm run lint -- --fix`).
// ESLint lives in tools/lint with an install of its own (see tools/lint/package.json).
import { spawnSync } from 'node:child_process';
import { ensureDeps } from './lib/deps.mjs';

ensureDeps('tools/lint');
const r = spawnSync(process.execPath, ['tools/lint/node_modules/eslint/bin/eslint.js', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
