// `npm run provider`: the provider alone, with PROVIDER_PORT, DATA_DIR and DATABASE_URL.
import { spawn } from 'node:child_process';
import { ensureDeps } from './lib/deps.mjs';

ensureDeps();
const child = spawn(process.execPath, ['--import', 'tsx', 'provider/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
