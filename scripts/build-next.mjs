// `npm run build:next`: the Next.js host (hosts/next) as `next start` serves it, over the
// package's built files (run `npm run build` or `npm start` first). npm test runs it after its build.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('dist/react.js')) {
  console.error('build:next: dist/react.js is missing; run `npm run build` first.');
  process.exit(1);
}
const r = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build', 'hosts/next'], { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
process.exit(r.status ?? 1);
