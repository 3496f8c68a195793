// `npm start`: install when needed, build, then run provider + demo + watch build.
import { spawn, spawnSync } from 'node:child_process';
import { ensureDeps } from './lib/deps.mjs';
import { busyPorts } from './lib/ports.mjs';

// Before the install and the build: a port taken is said at once, not after them as a stack trace.
const busy = await busyPorts();
if (busy.length > 0) {
  console.error(busy.join('\n'));
  process.exit(1);
}
ensureDeps();
// Watching (the default), scripts/dev.ts builds: its watchers' first round is the build.
if (process.env.NO_WATCH) {
  const build = spawnSync(process.execPath, ['esbuild.config.mjs', '--dev', '--no-types'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts'], { stdio: 'inherit' });
// The child handles the signal itself; forwarding guards against a parent-only kill.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
