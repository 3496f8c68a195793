import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, sdk, startTestProvider, TEST_B2B_TOKEN, TEST_ORIGIN, TEST_TOKEN, type TestProvider } from './harness.ts';

for (const kind of databases) {
  describe(`bootstrap over HTTP (${kind})`, () => {
    let provider: TestProvider;
    before(async () => {
      provider = await startTestProvider(kind, { name: 'Acme', emailDomains: ['acme.test'], connectedApps: { customScopes: [{ scope: 'read:notes', description: 'Read your notes' }] } });
    });
    after(() => provider.destroy());

    it('answers every field the official client needs, inside {data}', async () => {
      const { status, json, headers } = await sdk(provider, 'GET', `/projects/bootstrap/${TEST_TOKEN}`);
      assert.equal(status, 200);
      assert.equal(headers.get('access-control-allow-origin'), TEST_ORIGIN);
      const d = json.data;
      assert.match(d.request_id, /^request-id-test-[0-9a-f-]{36}$/);
      assert.equal(d.status_code, 200);
      assert.equal(d.project_name, 'Acme');
      assert.deepEqual(d.email_domains, ['acme.test']);
      assert.equal(d.cname_domain, null);
      assert.deepEqual(d.captcha_settings, { enabled: false });
      assert.equal(d.dfp_protected_auth_enabled, false);
      assert.ok(d.password_config && typeof d.password_config.luds_minimum_count === 'number');
      for (const k of ['pkce_required_for_email_magic_links', 'pkce_required_for_password_resets', 'pkce_required_for_oauth', 'pkce_required_for_sso', 'siwe_required_for_crypto_wallets']) {
        assert.equal(typeof d[k], 'boolean', k);
      }
      assert.equal(d.vertical, 'CONSUMER');
    });

    it("answers the RBAC policy with its scopes: the project's own scopes and their descriptions, as the official consent screen reads them", async () => {
      const { json } = await sdk(provider, 'GET', `/projects/bootstrap/${TEST_TOKEN}`);
      // Beside the project's roles and resources (the RBAC policy, b2b-rbac.test.ts).
      assert.deepEqual(json.data.rbac_policy.scopes, [{ scope: 'read:notes', description: 'Read your notes', permissions: [] }]);
      assert.ok(json.data.rbac_policy.roles.some((r: { role_id: string }) => r.role_id === 'stytch_admin'));
    });

    it('answers each token its vertical: CONSUMER for the test token, B2B for the B2B token, the same project', async () => {
      const consumer = await sdk(provider, 'GET', `/projects/bootstrap/${TEST_TOKEN}`);
      const b2b = await sdk(provider, 'GET', `/projects/bootstrap/${TEST_B2B_TOKEN}`);
      assert.equal(b2b.status, 200);
      assert.equal(consumer.json.data.vertical, 'CONSUMER');
      assert.equal(b2b.json.data.vertical, 'B2B');
      assert.equal(b2b.json.data.project_name, 'Acme');
      assert.deepEqual(b2b.json.data.email_domains, consumer.json.data.email_domains);
      // The B2B token opens the same project for its calls (Basic credentials) and its origin check.
      const send = (token: string) =>
        sdk(provider, 'POST', '/b2b/otps/email/discovery/send', { email_address: 'b2b-token@acme.test' }, { Authorization: `Basic ${Buffer.from(`${token}:${token}`).toString('base64')}` });
      assert.equal((await send(TEST_B2B_TOKEN)).status, 200);
      assert.equal((await send('public-token-test-nope')).status, 401);
      const check = await sdk(provider, 'GET', `/projects/origin_check/${TEST_B2B_TOKEN}`);
      assert.equal(check.status, 200);
      assert.equal(check.json.data.authorized, true);
    });

    it('refuses an unknown public token with a spec-shaped JSON error', async () => {
      const { status, json } = await sdk(provider, 'GET', '/projects/bootstrap/public-token-test-nope');
      assert.equal(status, 401);
      assert.equal(json.error_type, 'invalid_public_token');
      assert.equal(typeof json.error_message, 'string');
      assert.equal(typeof json.error_url, 'string');
    });

    it('gives no CORS grant to an origin the project has not authorized', async () => {
      const { headers } = await sdk(provider, 'GET', `/projects/bootstrap/${TEST_TOKEN}`, undefined, { Origin: 'http://evil.test' });
      assert.equal(headers.get('access-control-allow-origin'), null);
    });

    it('tells any origin, readably, that it is not authorized, naming it and AUTHORIZED_ORIGINS (test token)', async () => {
      const { status, json, headers } = await sdk(provider, 'GET', `/projects/origin_check/${TEST_TOKEN}`, undefined, { Origin: 'http://localhost:3000' });
      assert.equal(status, 403);
      assert.equal(headers.get('access-control-allow-origin'), '*');
      assert.equal(json.error_type, 'origin_not_authorized');
      assert.match(json.error_message, /http:\/\/localhost:3000/);
      assert.match(json.error_message, /AUTHORIZED_ORIGINS/);
    });

    it('answers an authorized origin that it is authorized', async () => {
      const { status, json } = await sdk(provider, 'GET', `/projects/origin_check/${TEST_TOKEN}`);
      assert.equal(status, 200);
      assert.equal(json.data.authorized, true);
      assert.equal(json.data.origin, TEST_ORIGIN);
    });

    it('describes nothing for a token that is not the test token', async () => {
      const { status, json, headers } = await sdk(provider, 'GET', '/projects/origin_check/public-token-live-nope', undefined, { Origin: 'http://localhost:3000' });
      assert.equal(status, 401);
      assert.equal(json.error_type, 'invalid_public_token');
      assert.doesNotMatch(json.error_message, /localhost:3000/);
      assert.equal(headers.get('access-control-allow-origin'), '*');
    });
  });

  // The inbox buttons search "from:@<email_domains>"; they searched stytch.com even when the
  // provider sent from EMAIL_FROM's domain.
  describe(`bootstrap email_domains follow the sender (${kind})`, () => {
    const domains = async (project: Record<string, unknown>, env: NodeJS.ProcessEnv) => {
      const provider = await startTestProvider(kind, project, undefined, { env });
      try {
        const { json } = await sdk(provider, 'GET', `/projects/bootstrap/${TEST_TOKEN}`);
        return json.data.email_domains as string[];
      } finally {
        await provider.destroy();
      }
    };

    it('EMAIL_FROM set: its domain', async () => {
      assert.deepEqual(await domains({}, { EMAIL_FROM: 'Acme Login <Login@Mail.Acme.test>' }), ['mail.acme.test']);
    });

    it('delivery.from in the project file: its domain', async () => {
      assert.deepEqual(await domains({ delivery: { from: 'no-reply@acme.example' } }, {}), ['acme.example']);
    });

    it('nothing set: the default sender’s domain, never a domain it does not send from', async () => {
      assert.deepEqual(await domains({}, {}), ['example.test']);
    });

    it('EMAIL_DOMAINS wins over the sender', async () => {
      assert.deepEqual(await domains({}, { EMAIL_FROM: 'login@acme.test', EMAIL_DOMAINS: 'mailer.acme.test,acme.test' }), ['mailer.acme.test', 'acme.test']);
    });
  });
}
