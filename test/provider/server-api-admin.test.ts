import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from 'stytch';
import { adminCli, databases, signInByEmailOtp, TestClock, uniqueEmail, type AdminRun } from './harness.ts';
import { startServerApi, stytchError, type ServerApiSetup } from './server-api-harness.ts';

const run = promisify(execFile);

for (const kind of databases) {
  describe(`admin CLI (${kind})`, () => {
    let api: ServerApiSetup;
    const clock = new TestClock();
    before(async () => {
      api = await startServerApi(kind, {}, clock);
    });
    after(() => api.provider.destroy());

    /** `npm run admin -- ...args` against the test provider's project file and database. */
    const admin = (...args: string[]) => adminWith({ PROJECT_SECRETS: api.secret }, ...args);

    /** The same, with `extra` environment (the provider's own PROJECT_SECRETS by default, as in a deployment). */
    const adminWith = (extra: NodeJS.ProcessEnv, ...args: string[]) => adminCli(api.provider, extra)(...args);

    /** Restarts the provider (same data) and points the SDK at its new port. */
    async function restart(): Promise<void> {
      api.provider = await api.provider.restart();
      api.client = api.clientWith(api.secret);
    }

    it('secrets create prints a secret once that a running provider then accepts; list shows ids and dates only; delete revokes it', async () => {
      const created = await admin('secrets', 'create');
      assert.equal(created.code, 0, created.stderr);
      const secret = /secret:\s+(\S+)/.exec(created.stdout)![1]!;
      const id = /id:\s+(\S+)/.exec(created.stdout)![1]!;
      assert.ok(!readFileSync(join(api.provider.dataDir, 'project.json'), 'utf8').includes(secret));
      clock.advance(2000);
      const s = await signInByEmailOtp(api.provider);
      const res = await api.clientWith(secret).sessions.authenticate({ session_token: s.session_token });
      assert.equal(res.session.session_id, s.session.session_id);
      const listed = await admin('secrets', 'list');
      assert.equal(listed.code, 0);
      assert.match(listed.stdout, new RegExp(`${id}  created \\d{4}-\\d\\d-\\d\\dT`));
      assert.ok(!listed.stdout.includes(secret), 'list never shows a value');
      assert.ok(!listed.stdout.includes(api.secret));
      const deleted = await admin('secrets', 'delete', id);
      assert.equal(deleted.code, 0, deleted.stdout);
      clock.advance(2000);
      const refused = await stytchError(api.clientWith(secret).sessions.authenticate({ session_token: s.session_token }));
      assert.equal(refused.error_type, 'unauthorized_credentials');
      const again = await admin('secrets', 'delete', id);
      assert.equal(again.code, 1);
    });

    it('refuses to delete the last secret without --force', async () => {
      const created = await admin('secrets', 'create');
      const id = /id:\s+(\S+)/.exec(created.stdout)![1]!;
      // Without PROJECT_SECRETS in its environment, the file's only secret is the last one.
      const last = await adminWith({}, 'secrets', 'delete', id);
      assert.equal(last.code, 1);
      assert.match(last.stdout, /last secret/);
      assert.equal((await admin('secrets', 'list')).stdout.includes(id), true);
      assert.equal((await adminWith({}, 'secrets', 'delete', id, '--force')).code, 0);
    });

    it('users list, show and delete work on the same database (the embedded one with the provider stopped)', async () => {
      const email = uniqueEmail('admin');
      const created = await api.client.users.create({ email, name: { first_name: 'Ops' } });
      const s = await signInByEmailOtp(api.provider, email);
      if (kind === 'pglite') {
        await api.provider.stop();
        // While the provider held it, the CLI said so instead of corrupting it; now it is free.
      }
      const listed = await admin('users', 'list', '--email', email);
      assert.equal(listed.code, 0, listed.stderr);
      assert.match(listed.stdout, new RegExp(`${created.user_id}  \\S+  active  ${email}`));
      assert.match(listed.stdout, /1 of 1 users/);
      const shown = await admin('users', 'show', created.user_id);
      assert.equal(shown.code, 0);
      assert.equal(JSON.parse(shown.stdout).name.first_name, 'Ops');
      const deleted = await admin('users', 'delete', created.user_id);
      assert.equal(deleted.code, 0, deleted.stderr);
      assert.equal((await admin('users', 'show', created.user_id)).code, 1);
      if (kind === 'pglite') await restart();
      const gone = await stytchError(api.client.users.get({ user_id: created.user_id }));
      assert.equal(gone.error_type, 'user_not_found');
      const session = await stytchError(api.client.sessions.authenticate({ session_token: s.session_token }));
      assert.equal(session.error_type, 'session_not_found');
    });

    it('says the embedded database is in use instead of opening it under a running provider', { skip: kind !== 'pglite' }, async () => {
      const res = await admin('users', 'list');
      assert.equal(res.code, 1);
      assert.match(res.stderr, /stop the provider first/);
    });

    it('help lists every group command; an unknown command or a missing argument exits 2, as a process of its own', async () => {
      // The one run in a child process, as an operator runs it: main.ts's streams and exit code.
      const process_ = async (...args: string[]): Promise<AdminRun> =>
        run(process.execPath, ['--import', 'tsx', 'provider/admin/main.ts', ...args], { env: { PATH: process.env.PATH, DATA_DIR: api.provider.dataDir } }).then(
          (out) => ({ code: 0, ...out }),
          (e: AdminRun) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
        );
      const help = await process_('help');
      assert.equal(help.code, 0);
      for (const c of ['secrets create', 'secrets list', 'secrets delete', 'users list', 'users show', 'users delete']) assert.ok(help.stdout.includes(c), c);
      const unknown = await process_('users', 'frobnicate');
      assert.equal(unknown.code, 2);
      assert.match(unknown.stderr, /unknown command: users frobnicate/);
      const missing = await admin('users', 'show');
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /usage: npm run admin -- users show <user_id>/);
    });
  });
}

describe('npm run provider: the first start creates a secret', () => {
  it('prints one secret once, stores only its hash, serves HTTPS with TLS_CERT_FILE, and prints none on the next start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'provider-first-start-'));
    const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/tls/${name}`, import.meta.url));
    const start = async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'provider/main.ts'], {
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, PROVIDER_PORT: '0', TLS_CERT_FILE: fixture('localhost-cert.pem'), TLS_KEY_FILE: fixture('localhost-key.pem') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      while (!/project id: \S+\n/.test(output)) {
        await Promise.race([once(child.stdout, 'data'), once(child, 'exit').then(() => assert.fail(output))]);
      }
      return { child, output };
    };
    try {
      const first = await start();
      const secret = /server API secret \(shown once[^)]*\): (\S+)/.exec(first.output)?.[1];
      const url = /provider: (https:\/\/localhost:\d+)/.exec(first.output)?.[1];
      const projectId = /project id: (\S+)/.exec(first.output)![1]!;
      assert.ok(secret && url, first.output);
      const file = readFileSync(join(dataDir, 'project.json'), 'utf8');
      assert.ok(!file.includes(secret));
      assert.equal((JSON.parse(file) as { secrets: unknown[] }).secrets.length, 1);
      const client = new Client({ project_id: projectId, secret, custom_base_url: url });
      assert.deepEqual((await client.sessions.get({ user_id: 'user-test-none' })).sessions, []);
      first.child.kill('SIGTERM');
      assert.deepEqual(await once(first.child, 'exit'), [0, null]);
      const second = await start();
      assert.doesNotMatch(second.output, /server API secret/);
      second.child.kill('SIGTERM');
      await once(second.child, 'exit');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
