import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startDevProvider, type DevProvider } from '../../scripts/lib/dev-provider.ts';
import { createDatabase, databases } from './harness.ts';

// README "Your backend" (now docs/BACKEND.md), followed as a stranger would against `npm start`: the provider started
// the way `npm start` starts it (scripts/lib/dev-provider.ts), the README's server.mjs saved
// verbatim in a folder of its own and run with the README's command line, filled in with the
// values `npm start` prints. The official SDK refused the README's http base URL, the snippet
// never called serve(), and `npm start` printed no project id or secret.

const README = readFileSync(new URL('../../docs/BACKEND.md', import.meta.url), 'utf8');

/** The first ```lang block after `marker` in docs/BACKEND.md. */
function block(marker: string, lang: string): string {
  const at = README.indexOf(marker);
  assert.ok(at > 0, `README: ${marker}`);
  const found = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(README.slice(at));
  assert.ok(found, `README: a ${lang} block after ${marker}`);
  return found[1]!;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

for (const kind of databases)
  describe(`README "Your backend" against npm start (${kind})`, { concurrency: 1 }, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'readme-backend-data-'));
    const site = mkdtempSync(join(tmpdir(), 'readme-backend-site-'));
    let dev: DevProvider;
    let backend: ChildProcess;
    let backendUrl = '';
    const stderr: string[] = [];
    let database: Awaited<ReturnType<typeof createDatabase>> | undefined;

    before(async () => {
      if (kind === 'postgres') database = await createDatabase();
      dev = await startDevProvider({
        port: 0,
        httpsPort: 0,
        dataDir,
        databaseUrl: database?.url,
        demoOrigins: [],
        env: {},
      });
      const port = await freePort();
      backendUrl = `http://localhost:${port}`;
      const server = block('## Node, with the official SDK', 'js');
      assert.match(server, /serve\(\{ fetch: app\.fetch, port: 3001 \}\)/);
      writeFileSync(join(site, 'server.mjs'), server.replace("'https://localhost:8788'", `'${dev.serverApiUrl}'`).replace('port: 3001', `port: ${port}`));
      // `npm install hono @hono/node-server stytch` in the site's folder: this repo's copies.
      symlinkSync(new URL('../../node_modules', import.meta.url).pathname, join(site, 'node_modules'));
      const command = block('Against `npm start`, with the values it prints', 'sh')
        .trim()
        .replace('project-test-…', dev.projectId)
        .replace('secret-test-…', dev.secret)
        .replace('.data/tls/localhost-cert.pem', dev.certFile);
      const { NODE_EXTRA_CA_CERTS: _ignored, ...env } = process.env;
      // Its own process group: the shell and the node it starts stop together.
      backend = spawn('sh', ['-c', command], { cwd: site, env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
      backend.stderr!.on('data', (d: Buffer) => stderr.push(d.toString()));
      // Up once it answers (the snippet prints nothing when it listens).
      for (let attempt = 0; ; attempt++) {
        try {
          await fetch(`${backendUrl}/api/me`);
          break;
        } catch (e) {
          if (attempt > 600 || backend.exitCode !== null) throw new Error(`the README backend did not start: ${stderr.join('')}`, { cause: e });
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    });

    after(async () => {
      if (backend?.pid) process.kill(-backend.pid);
      await dev?.provider.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(site, { recursive: true, force: true });
    });

    /** A signed-in user's cookies, by the server API over npm start's HTTPS port. */
    async function signIn(email: string) {
      const res = await fetch(`${dev.provider.url}/v1/passwords`, {
        method: 'POST',
        headers: { Authorization: `Basic ${Buffer.from(`${dev.projectId}:${dev.secret}`).toString('base64')}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: 'correct horse battery staple 42', session_duration_minutes: 60 }),
      });
      assert.equal(res.status, 200, await res.clone().text());
      return (await res.json()) as { user_id: string; session_token: string; session_jwt: string };
    }

    const me = (cookie?: string) => fetch(`${backendUrl}/api/me`, { headers: cookie ? { Cookie: cookie } : {} });

    it('npm start prints what the snippet needs: an https server API, the project id, a secret it accepts', () => {
      assert.match(dev.serverApiUrl, /^https:\/\/localhost:\d+$/);
      assert.match(dev.projectId, /^project-test-/);
      assert.match(dev.secret, /^secret-test-/);
    });

    it('a signed-in user: the route answers who it is, from the session JWT and from the session token', async () => {
      const email = `readme-backend-${Date.now()}@example.com`;
      const user = await signIn(email);
      const byJwt = await me(`stytch_session=${user.session_token}; stytch_session_jwt=${user.session_jwt}`);
      assert.equal(byJwt.status, 200);
      assert.deepEqual(await byJwt.json(), { user_id: user.user_id, email });
      const byToken = await me(`stytch_session=${user.session_token}`);
      assert.equal(byToken.status, 200);
      assert.deepEqual(await byToken.json(), { user_id: user.user_id, email });
    });

    it('signed out or an unknown session: 401', async () => {
      assert.equal((await me()).status, 401);
      assert.equal((await me('stytch_session=session-test-nope')).status, 401);
    });

    it('the backend printed no warning or error (the SDK accepted the base URL and the certificate)', () => {
      assert.equal(stderr.join(''), '');
    });
  });
