import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadProjectConfig, publicTokensOf } from '../../provider/config.ts';
import { databases, sdk, startTestProvider, TEST_TOKEN, uniqueEmail, type TestProvider } from './harness.ts';

function projectFile(content: Record<string, unknown>): string {
  const file = join(mkdtempSync(join(tmpdir(), 'project-config-')), 'project.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
}

describe('project configuration', () => {
  it('lets environment variables override the file, field by field', () => {
    const file = projectFile({ name: 'From file', publicTokens: { test: 'public-token-test-file' }, products: ['otp'] });
    const config = loadProjectConfig(file, {
      PROJECT_CONFIG: JSON.stringify({ emailDomains: ['json.example'], displayWatermark: true }),
      PROJECT_NAME: 'From env',
      PRODUCTS: 'otp, emailMagicLinks',
      LIVE_PUBLIC_TOKEN: 'public-token-live-env',
      PKCE_REQUIRED: 'emailMagicLinks,oauth',
      DISPLAY_WATERMARK: 'false',
      SESSION_MAX_MINUTES: '120',
      RP_ID: 'login.example',
    });
    assert.equal(config.name, 'From env');
    assert.deepEqual(config.products, ['otp', 'emailMagicLinks']);
    assert.deepEqual(config.publicTokens, { test: 'public-token-test-file', live: 'public-token-live-env' });
    assert.deepEqual(config.emailDomains, ['json.example']);
    assert.equal(config.displayWatermark, false);
    assert.deepEqual(config.pkceRequired, { emailMagicLinks: true, passwordResets: false, oauth: true, sso: false });
    assert.equal(config.sessionLimits.maxDurationMinutes, 120);
    assert.equal(config.rpId, 'login.example');
  });

  it('reads the cross-device link settings from the file, LINK_DEVICE_SIGN_IN over it, with their defaults', () => {
    const defaults = loadProjectConfig(projectFile({ publicTokens: { test: 'public-token-test-d' } }), {});
    assert.deepEqual(defaults.magicLinkRequests, { linkDeviceSignIn: true, codeAttempts: 5, pollsPerMinute: 60 });
    const file = projectFile({ publicTokens: { test: 'public-token-test-l' }, magicLinkRequests: { codeAttempts: 3 } });
    const config = loadProjectConfig(file, { LINK_DEVICE_SIGN_IN: 'false' });
    assert.deepEqual(config.magicLinkRequests, { linkDeviceSignIn: false, codeAttempts: 3, pollsPerMinute: 60 });
    assert.throws(() => loadProjectConfig(projectFile({ magicLinkRequests: { codeAttempts: 0 } }), {}), /magicLinkRequests\.codeAttempts/);
  });

  it('configures the delivery transports from the environment over the file', () => {
    const file = projectFile({
      publicTokens: { test: 'public-token-test-x' },
      delivery: { twilio: { accountSid: 'ACfile', authToken: 'file-token', from: '+15550001111' }, whatsappCloud: { token: 'x', phoneId: '1', templateLanguages: ['en', 'fr'] } },
    });
    const config = loadProjectConfig(file, {
      TWILIO_AUTH_TOKEN: 'env-token',
      TWILIO_MESSAGING_SERVICE_SID: 'MG123',
      TWILIO_WHATSAPP_FROM: '+14155238886',
      WHATSAPP_CLOUD_TOKEN: 'env-cloud',
      WHATSAPP_PHONE_ID: '42',
      WHATSAPP_TEMPLATE: 'login_code',
      SMTP_URL: 'smtp://u:p@mail.example:587',
      DKIM_SELECTOR: 's1',
    });
    assert.deepEqual(config.delivery.twilio, {
      accountSid: 'ACfile',
      authToken: 'env-token',
      from: '+15550001111',
      messagingServiceSid: 'MG123',
      whatsappFrom: '+14155238886',
      baseUrl: 'https://api.twilio.com',
    });
    assert.equal(config.delivery.whatsappCloud?.token, 'env-cloud');
    assert.equal(config.delivery.whatsappCloud?.phoneId, '42');
    assert.equal(config.delivery.whatsappCloud?.template, 'login_code');
    assert.deepEqual(config.delivery.whatsappCloud?.templateLanguages, ['en', 'fr']);
    assert.equal(config.delivery.dkimSelector, 's1');
    assert.deepEqual(config.delivery.retry, { attempts: 3, baseDelayMs: 500, maxDelayMs: 10_000, timeoutMs: 10_000 });
    // Twilio without a sender is refused at start, naming what is missing.
    assert.throws(() => loadProjectConfig(projectFile({}), { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' }), /twilio needs a sender/);
    assert.throws(() => loadProjectConfig(projectFile({}), { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_FROM: '+1555' }), /delivery\.twilio\.authToken/);
  });

  it('takes the B2B token from B2B_PUBLIC_TOKEN and seeds a new project with one', () => {
    const file = projectFile({ publicTokens: { test: 'public-token-test-file' } });
    const config = loadProjectConfig(file, { B2B_PUBLIC_TOKEN: 'public-token-test-b2b-env' });
    assert.deepEqual(publicTokensOf(config), [
      { token: 'public-token-test-file', vertical: 'CONSUMER' },
      { token: 'public-token-test-b2b-env', vertical: 'B2B' },
    ]);
    const fresh = join(mkdtempSync(join(tmpdir(), 'project-config-')), 'project.json');
    const seeded = loadProjectConfig(fresh, {});
    const written = JSON.parse(readFileSync(fresh, 'utf8')) as { publicTokens: { test: string; b2b: string } };
    assert.match(written.publicTokens.b2b, /^public-token-test-[0-9a-f-]{36}$/);
    assert.notEqual(written.publicTokens.b2b, written.publicTokens.test);
    assert.deepEqual(seeded.publicTokens, written.publicTokens);
  });

  it('names the bad field of an invalid override instead of starting with it', () => {
    const file = projectFile({ publicTokens: { test: 'public-token-test-x' } });
    assert.throws(() => loadProjectConfig(file, { PRODUCTS: 'otp,carrier-pigeon' }), /products\.1/);
    assert.throws(() => loadProjectConfig(file, { PKCE_REQUIRED: 'magicLinks' }), /PKCE_REQUIRED names unknown flows: magicLinks/);
    assert.throws(() => loadProjectConfig(file, { PROJECT_CONFIG: '{oops' }), /PROJECT_CONFIG is not valid JSON/);
    assert.throws(() => loadProjectConfig(file, { SESSION_MAX_MINUTES: 'lots' }), /sessionLimits\.maxDurationMinutes/);
  });
});

for (const kind of databases) {
  describe(`PKCE required by the project (${kind})`, () => {
    let provider: TestProvider;
    before(async () => {
      provider = await startTestProvider(kind, {
        redirectUrls: ['http://app.test/authenticate'],
        pkceRequired: { emailMagicLinks: true, passwordResets: true, oauth: true },
      });
    });
    after(() => provider.destroy());

    it('reports the flags in bootstrap', async () => {
      const res = await sdk(provider, 'GET', `/projects/bootstrap/${TEST_TOKEN}`);
      assert.equal(res.json.data.pkce_required_for_email_magic_links, true);
      assert.equal(res.json.data.pkce_required_for_password_resets, true);
      assert.equal(res.json.data.pkce_required_for_oauth, true);
      assert.equal(res.json.data.pkce_required_for_sso, false);
    });

    it('refuses magic-link and reset starts without a code_challenge, for known and unknown addresses alike', async () => {
      const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
      const eml = await sdk(provider, 'POST', '/magic_links/email/login_or_create', { email: uniqueEmail() });
      assert.equal(eml.status, 400);
      assert.equal(eml.json.error_type, 'pkce_required');
      const withPkce = await sdk(provider, 'POST', '/magic_links/email/login_or_create', { email: uniqueEmail(), code_challenge: challenge });
      assert.equal(withPkce.status, 200, withPkce.text);
      const reset = await sdk(provider, 'POST', '/passwords/email/reset/start', { email: uniqueEmail() });
      assert.equal(reset.status, 400);
      assert.equal(reset.json.error_type, 'pkce_required');
      const start = (extra: string) =>
        fetch(`${provider.url}/v1/public/oauth/github/start?public_token=${TEST_TOKEN}&login_redirect_url=${encodeURIComponent('http://app.test/authenticate')}${extra}`, { redirect: 'manual' });
      const oauth = await start('');
      assert.equal(oauth.status, 400);
      assert.match(await oauth.text(), /pkce_required/);
      assert.notEqual((await start(`&code_challenge=${challenge}`)).status, 400);
    });
  });
}
