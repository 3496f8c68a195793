import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

// Issue 52: a port already in use gave a raw Node stack trace, after a minute of install. Each
// port `npm start` opens, taken by this test's process: `npm start` says at once which port, what
// holds it and which variable moves it, and stops before installing or building anything.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

async function listening(): Promise<Server> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  return s;
}
const portOf = (s: Server) => (s.address() as { port: number }).port;

describe('npm start with a port already in use', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'start-ports-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  for (const [variable, what] of [
    ['PORT', 'the demo site'],
    ['PROVIDER_PORT', 'the provider'],
    ['PROVIDER_HTTPS_PORT', "the provider's HTTPS server API"],
    ['NEXT_PORT', 'the Next.js host'],
  ] as const)
    it(`${variable}: names the port, what uses it and ${variable}, and exits before the install`, async (t) => {
      // NEXT_PORT is opened only once the Next.js host is built.
      if (variable === 'NEXT_PORT' && !existsSync(`${ROOT}hosts/next/.next/BUILD_ID`)) return t.skip('hosts/next is not built');
      // Every port free but the one taken here.
      const servers = await Promise.all([0, 1, 2, 3].map(() => listening()));
      const ports = servers.map(portOf);
      const taken = ports[0]!;
      for (const s of servers.slice(1)) await new Promise((ok) => s.close(ok));
      const env = {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(ports[1]),
        PROVIDER_PORT: String(ports[2]),
        PROVIDER_HTTPS_PORT: String(ports[3]),
        NEXT_PORT: String(ports[3]! + 1),
        [variable]: String(taken),
      };
      try {
        const r = spawnSync(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
        assert.equal(r.status, 1, r.stdout + r.stderr);
        assert.doesNotMatch(r.stdout, /Installing/);
        assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
        assert.match(r.stderr, new RegExp(`port ${taken} \\(${what}, ${variable}\\) is already in use, by node \\(pid ${process.pid}\\b`));
        assert.match(r.stderr, new RegExp(`${variable}=\\d+ npm start`));
      } finally {
        await new Promise((ok) => servers[0]!.close(ok));
      }
    });
});
