import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
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

interface Backend {
  url: string;
  /** What it wrote to stderr, so far. */
  stderr: string[];
  stop(): void;
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
    let backend: Backend;
    let backendUrl = '';
    let stderr: string[] = [];
    let command = '';
    let server = '';
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
      server = block('## Node, with the official SDK', 'js');
      assert.match(server, /serve\(\{ fetch: app\.fetch, port: 3001 \}\)/);
      // `npm install hono @hono/node-server stytch` in the site's folder: this repo's copies.
      symlinkSync(new URL('../../node_modules', import.meta.url).pathname, join(site, 'node_modules'));
      command = block('Against `npm start`, with the values it prints', 'sh')
        .trim()
        .replace('project-test-…', dev.projectId)
        .replace('secret-test-…', dev.secret)
        .replace('.data/tls/localhost-cert.pem', dev.certFile);
      backend = await startBackend(command);
      ({ url: backendUrl, stderr } = backend);
    });

    /** The README's server.mjs on a free port, run in the site's folder by the command `line`; up once it answers. */
    async function startBackend(line: string): Promise<Backend> {
      const port = await freePort();
      writeFileSync(join(site, 'server.mjs'), server.replace("'https://localhost:8788'", `'${dev.serverApiUrl}'`).replace('port: 3001', `port: ${port}`));
      const { NODE_EXTRA_CA_CERTS: _ignored, ...env } = process.env;
      const out: string[] = [];
      // Its own process group: the shell and the node it starts stop together.
      const child = spawn('sh', ['-c', line], { cwd: site, env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
      child.stderr!.on('data', (d: Buffer) => out.push(d.toString()));
      const url = `http://localhost:${port}`;
      // Up once it answers (the snippet prints nothing when it listens).
      for (let attempt = 0; ; attempt++) {
        try {
          await fetch(`${url}/api/me`);
          break;
        } catch (e) {
          if (attempt > 600 || child.exitCode !== null) throw new Error(`the README backend did not start: ${out.join('')}`, { cause: e });
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      return { url, stderr: out, stop: () => child.pid && process.kill(-child.pid) };
    }

    after(async () => {
      backend?.stop();
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
        body: JSON.stringify({ email, password: 'plum quiver jackdaw nymph', session_duration_minutes: 60 }),
      });
      assert.equal(res.status, 200, await res.clone().text());
      return (await res.json()) as { user_id: string; session_token: string; session_jwt: string };
    }

    const me = (cookie?: string, url = backendUrl) => fetch(`${url}/api/me`, { headers: cookie ? { Cookie: cookie } : {} });

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

    // Issue 52: the snippet answered "signed out" when it could not reach the provider at all.
    it('started without NODE_EXTRA_CA_CERTS, a signed-in user gets 503 and why, not "signed out", and the log says it', async () => {
      const untrusting = await startBackend(command.replace(/NODE_EXTRA_CA_CERTS=\S+ /, ''));
      try {
        const user = await signIn(`readme-backend-untrusted-${Date.now()}@example.com`);
        for (const cookie of [`stytch_session=${user.session_token}; stytch_session_jwt=${user.session_jwt}`, `stytch_session=${user.session_token}`]) {
          const res = await me(cookie, untrusting.url);
          assert.equal(res.status, 503);
          const { error, reason } = (await res.json()) as { error: string; reason: string };
          assert.equal(error, 'session check failed');
          assert.match(reason, /fetch failed.*NODE_EXTRA_CA_CERTS/);
        }
        assert.match(untrusting.stderr.join(''), /session check failed: fetch failed.*NODE_EXTRA_CA_CERTS/);
      } finally {
        untrusting.stop();
      }
    });

    // Issue 52: the snippet read the body a second time on its error path ("Body is unusable").
    it('"Any language, with plain HTTP": a live session gives its user, a revoked one null, a wrong secret an error that says so', async () => {
      const snippet = block('## Any language, with plain HTTP', 'js').replace('https://auth.example.com', dev.provider.url);
      const file = join(site, 'plain-http.mjs');
      writeFileSync(file, `const projectId = process.env.PROJECT_ID, secret = process.env.SECRET;\n${snippet}\nexport { authenticate };\n`);
      const email = `readme-plain-${Date.now()}@example.com`;
      const user = await signIn(email);
      const run = (secret: string, token: string) =>
        new Promise<{ out: string; err: string }>((done) => {
          const code = `const { authenticate } = await import(${JSON.stringify(file)}); console.log(JSON.stringify(await authenticate(${JSON.stringify(token)})));`;
          const child = spawn(process.execPath, ['--input-type=module', '-e', code], { env: { ...process.env, PROJECT_ID: dev.projectId, SECRET: secret } });
          let out = '';
          let err = '';
          child.stdout.on('data', (d: Buffer) => (out += d));
          child.stderr.on('data', (d: Buffer) => (err += d));
          child.on('exit', () => done({ out, err }));
        });
      const live = await run(dev.secret, user.session_token);
      assert.equal(live.err, '');
      assert.equal((JSON.parse(live.out) as { emails: Array<{ email: string }> }).emails[0]?.email, email);
      const wrong = await run('secret-test-not-this-projects', user.session_token);
      assert.match(wrong.err, /session check failed: unauthorized_credentials/);
      assert.doesNotMatch(wrong.err, /Body is unusable/);
      const revoked = await fetch(`${dev.provider.url}/v1/sessions/revoke`, {
        method: 'POST',
        headers: { Authorization: `Basic ${Buffer.from(`${dev.projectId}:${dev.secret}`).toString('base64')}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ session_token: user.session_token }),
      });
      assert.equal(revoked.status, 200);
      const gone = await run(dev.secret, user.session_token);
      assert.equal(gone.err, '');
      assert.equal(gone.out.trim(), 'null');
    });

    it('the backend printed no warning or error (the SDK accepted the base URL and the certificate)', () => {
      assert.equal(stderr.join(''), '');
    });
  });
