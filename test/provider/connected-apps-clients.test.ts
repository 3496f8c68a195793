import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adminCli, databases, TestClock } from './harness.ts';
import { startServerApi, stytchError, v1, type ServerApiSetup } from './server-api-harness.ts';

for (const kind of databases) {
  describe(`connected apps: clients through the official Node SDK (${kind})`, () => {
    let api: ServerApiSetup;
    const clock = new TestClock();
    before(async () => {
      api = await startServerApi(kind, { connectedApps: { accessTokenMinutes: 45 } }, clock);
    });
    after(() => api.provider.destroy());

    const clients = () => api.client.connectedApp.clients;

    it('creates a confidential client whose secret is answered once and kept only by hash and last four', async () => {
      const made = await clients().create({
        client_type: 'third_party',
        client_name: 'Partner',
        client_description: 'A partner app',
        redirect_urls: ['https://partner.test/callback', 'http://127.0.0.1/cb'],
        post_logout_redirect_urls: ['https://partner.test/bye'],
        logo_url: 'https://partner.test/logo.png',
        access_token_custom_audience: 'https://api.partner.test',
      });
      assert.equal(made.status_code, 200);
      const app = made.connected_app;
      assert.match(app.client_id, /^connected-app-test-/);
      assert.equal(app.client_type, 'third_party');
      assert.equal(app.client_name, 'Partner');
      assert.deepEqual(app.redirect_urls, ['https://partner.test/callback', 'http://127.0.0.1/cb']);
      assert.equal(app.access_token_expiry_minutes, 45, 'the project default');
      assert.equal(app.status, 'active');
      assert.equal(app.logo_url, 'https://partner.test/logo.png');
      assert.equal(app.access_token_custom_audience, 'https://api.partner.test');
      assert.ok(app.client_secret && app.client_secret.length > 40);
      assert.equal(app.client_secret_last_four, app.client_secret.slice(-4));

      const got = await clients().get({ client_id: app.client_id });
      assert.equal((got.connected_app as { client_secret?: string }).client_secret, undefined);
      assert.equal(got.connected_app.client_secret_last_four, app.client_secret.slice(-4));
      assert.equal(got.connected_app.client_description, 'A partner app');
    });

    it('creates a public client without a secret; rotating its secret is refused', async () => {
      const made = await clients().create({ client_type: 'third_party_public', client_name: 'CLI', redirect_urls: ['http://127.0.0.1/callback'] });
      assert.equal(made.connected_app.client_secret, undefined);
      assert.equal(made.connected_app.client_secret_last_four, undefined);
      const err = await stytchError(clients().secrets.rotateStart({ client_id: made.connected_app.client_id }));
      assert.equal(err.error_type, 'client_has_no_secret');
    });

    it('updates the fields given and keeps the others', async () => {
      const made = await clients().create({ client_type: 'first_party', client_name: 'Mobile', redirect_urls: ['com.example.app:/oauth'] });
      const id = made.connected_app.client_id;
      const updated = await clients().update({ client_id: id, client_name: 'Mobile app', access_token_expiry_minutes: 10, bypass_consent_for_offline_access: true });
      assert.equal(updated.connected_app.client_name, 'Mobile app');
      assert.equal(updated.connected_app.access_token_expiry_minutes, 10);
      assert.equal(updated.connected_app.bypass_consent_for_offline_access, true);
      assert.deepEqual(updated.connected_app.redirect_urls, ['com.example.app:/oauth']);
    });

    it('rotates a secret: start answers the next one once, both work until rotate makes it the only one; cancel drops it', async () => {
      const made = await clients().create({ client_type: 'first_party', client_name: 'Backend', redirect_urls: ['https://app.test/cb'] });
      const id = made.connected_app.client_id;
      const started = await clients().secrets.rotateStart({ client_id: id });
      const next = started.connected_app.next_client_secret;
      assert.ok(next && next !== made.connected_app.client_secret);
      assert.equal(started.connected_app.next_client_secret_last_four, next.slice(-4));
      assert.equal((await stytchError(clients().secrets.rotateStart({ client_id: id }))).error_type, 'secret_rotation_in_progress');
      const rotated = await clients().secrets.rotate({ client_id: id });
      assert.equal(rotated.connected_app.client_secret_last_four, next.slice(-4));
      assert.equal(rotated.connected_app.next_client_secret_last_four, undefined);
      await clients().secrets.rotateStart({ client_id: id });
      const cancelled = await clients().secrets.rotateCancel({ client_id: id });
      assert.equal(cancelled.connected_app.client_secret_last_four, next.slice(-4));
      assert.equal(cancelled.connected_app.next_client_secret_last_four, undefined);
      assert.equal((await stytchError(clients().secrets.rotate({ client_id: id }))).error_type, 'no_secret_rotation');
    });

    it('searches page by page with a cursor, and deletes', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await clients().create({ client_type: 'third_party_public', client_name: `page ${i}` })).connected_app.client_id);
      const seen: string[] = [];
      let cursor: string | undefined;
      let total: number | undefined;
      do {
        const page = await clients().search({ limit: 2, cursor });
        assert.ok(page.connected_apps.length <= 2);
        seen.push(...page.connected_apps.map((a) => a.client_id));
        total = page.results_metadata.total;
        cursor = page.results_metadata.next_cursor;
      } while (cursor);
      assert.equal(seen.length, total);
      for (const id of ids) assert.ok(seen.includes(id));
      const deleted = await clients().delete({ client_id: ids[0]! });
      assert.equal(deleted.client_id, ids[0]);
      assert.equal((await stytchError(clients().get({ client_id: ids[0]! }))).error_type, 'connected_app_not_found');
      assert.equal((await stytchError(clients().delete({ client_id: ids[0]! }))).error_type, 'connected_app_not_found');
    });

    it('refuses bad input with a clear error: an unknown type, a script or fragment redirect, a template, a bad cursor', async () => {
      const badType = await v1(api, 'POST', '/connected_apps/clients', { client_type: 'robot' });
      assert.equal(badType.status, 400);
      assert.match(badType.json!.error_message, /client_type/);
      for (const url of ['javascript:alert(1)', 'https://a.test/cb#frag', 'http://evil.test/cb', 'not a url', 'https://user:pw@a.test/cb']) {
        const res = await v1(api, 'POST', '/connected_apps/clients', { client_type: 'third_party', redirect_urls: [url] });
        assert.equal(res.status, 400, url);
        assert.equal(res.json!.error_type, 'invalid_redirect_url', url);
      }
      const template = await v1(api, 'POST', '/connected_apps/clients', { client_type: 'third_party', access_token_template_content: '{"x":"{{ user.user_id }}"}' });
      assert.equal(template.status, 400);
      assert.match(template.json!.error_message, /access_token_template_content/);
      const cursor = await v1(api, 'POST', '/connected_apps/clients/search', { cursor: 'nonsense' });
      assert.equal(cursor.status, 400);
      assert.equal(cursor.json!.error_type, 'invalid_cursor');
      const noAuth = await fetch(`${api.provider.url}/v1/connected_apps/clients/search`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      assert.equal(noAuth.status, 401);
    });

    it('the admin CLI creates, lists, rotates and deletes clients (the embedded database with the provider stopped)', async () => {
      if (kind === 'pglite') await api.provider.stop();
      const admin = (...args: string[]) => adminCli(api.provider)('connected-apps', ...args);
      const created = await admin('create', '--type', 'first_party', '--name', 'Ops app', '--redirect', 'https://ops.test/cb');
      assert.equal(created.code, 0, created.stderr);
      const id = /client_id:\s+(\S+)/.exec(created.stdout)![1]!;
      const secret = /client_secret:\s+(\S+)/.exec(created.stdout)![1]!;
      // Each call opens the database (the embedded one takes seconds), so the calls are few.
      const rotated = await admin('rotate', id);
      assert.equal(rotated.code, 0, rotated.stderr);
      const next = /next_client_secret:\s+(\S+)/.exec(rotated.stdout)![1]!;
      assert.notEqual(next, secret);
      const listed = await admin('list');
      assert.match(listed.stdout, new RegExp(`${id}  first_party  "Ops app"  https://ops.test/cb  …${secret.slice(-4)}`));
      assert.ok(!listed.stdout.includes(secret) && !listed.stdout.includes(next));
      assert.equal((await admin('create', '--type', 'robot')).code, 2, 'a usage error, before the database is opened');
      assert.equal((await admin('delete', id)).code, 0);
      if (kind === 'pglite') {
        api.provider = await api.provider.restart();
        api.client = api.clientWith(api.secret);
      }
      assert.equal((await stytchError(clients().get({ client_id: id }))).error_type, 'connected_app_not_found');
    });
  });
}
