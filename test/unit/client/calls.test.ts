import { expect } from '@open-wc/testing';
import { createClient, OAuthProviders, StytchAPIError, StytchSDKUsageError } from '../../../client/index.ts';
import { apiError, authOk, BOOTSTRAP, fakeEnv, flush, ok } from './fake-env.ts';

const TOKEN = 'public-token-test-22222222-2222-2222-2222-222222222222';
const BASE = 'http://localhost:4100/custom/prefix';

function decodeClientHeader(h: string) {
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(h), (c) => c.charCodeAt(0))));
}

describe('client calls', () => {
  it('sends the PROTOCOL.md headers, prefix and body, omitting undefined fields', async () => {
    const f = fakeEnv({ 'POST /otps/sms/login_or_create': () => ok({ user_id: 'u', method_id: 'phone-number-test-1', user_created: true }) });
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    const r = await client.otps.sms.loginOrCreate('+15005550006', { expiration_minutes: 5 });
    expect(r.method_id).to.equal('phone-number-test-1');
    const call = f.calls.find((c) => c.url.includes('/otps/'))!;
    expect(call.url).to.equal(`${BASE}/sdk/v1/otps/sms/login_or_create`);
    expect(call.init.method).to.equal('POST');
    expect(call.init.credentials).to.equal('include');
    expect(call.body).to.deep.equal({ phone_number: '+15005550006', expiration_minutes: 5 });
    expect(call.headers.Authorization).to.equal(`Basic ${btoa(`${TOKEN}:${TOKEN}`)}`);
    expect(call.headers['Content-Type']).to.equal('application/json');
    expect(call.headers['X-SDK-Parent-Host']).to.equal('https://host.example');
    const sdk = decodeClientHeader(call.headers['X-SDK-Client']!);
    expect(sdk.event_id).to.match(/^event-id-[0-9a-f-]{36}$/);
    expect(sdk.app_session_id).to.match(/^app-session-id-/);
    expect(sdk.persistent_id).to.match(/^persistent-id-/);
    expect(sdk.app).to.deep.equal({ identifier: 'host.example' });
    // The host's IANA zone, as Intl names it (read through Temporal where the browser has it).
    expect(sdk.timezone).to.equal(Intl.DateTimeFormat().resolvedOptions().timeZone);
    client.dispose();
  });

  it('sends locale, as the official client does, on every code, link and reset send', async () => {
    const f = fakeEnv({
      'POST /otps/sms/login_or_create': () => ok({ user_id: 'u', method_id: 'm' }),
      'POST /otps/whatsapp/login_or_create': () => ok({ user_id: 'u', method_id: 'm' }),
      'POST /otps/email/login_or_create': () => ok({ user_id: 'u', method_id: 'm' }),
      'POST /magic_links/email/login_or_create': () => ok({}),
      'POST /passwords/email/reset/start': () => ok({}),
    });
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    await client.otps.sms.loginOrCreate('+15005550006', { locale: 'fr' });
    await client.otps.whatsapp.loginOrCreate('+15005550006', { locale: 'ar' });
    await client.otps.email.loginOrCreate('a@example.com', { locale: 'ja' });
    await client.magicLinks.email.loginOrCreate('a@example.com', { locale: 'pt-br' });
    await client.passwords.resetByEmailStart({ email: 'a@example.com', locale: 'he' });
    const sent = f.calls.filter((c) => !c.url.includes('/projects/')).map((c) => [c.url.replace(`${BASE}/sdk/v1`, ''), (c.body as { locale?: string }).locale]);
    expect(sent).to.deep.equal([
      ['/otps/sms/login_or_create', 'fr'],
      ['/otps/whatsapp/login_or_create', 'ar'],
      ['/otps/email/login_or_create', 'ja'],
      ['/magic_links/email/login_or_create', 'pt-br'],
      ['/passwords/email/reset/start', 'he'],
    ]);
    client.dispose();
  });

  it('encodes the X-SDK-Client header as UTF-8 when a value is not ASCII', async () => {
    const f = fakeEnv();
    const client = createClient(TOKEN, { baseUrl: BASE, env: { ...f.env, location: { origin: 'https://bücher.example', hostname: 'bücher.example', protocol: 'https:' } } });
    await flush();
    expect(decodeClientHeader(f.calls[0]!.headers['X-SDK-Client']!).app).to.deep.equal({ identifier: 'bücher.example' });
    client.dispose();
  });

  it('uses the hosted test and live hosts by token kind', async () => {
    for (const [token, host] of [
      ['public-token-test-x', 'https://test.stytch.com'],
      ['public-token-live-x', 'https://api.stytch.com'],
    ]) {
      const f = fakeEnv();
      const client = createClient(token!, { env: f.env });
      await flush();
      expect(f.calls[0]!.url).to.equal(`${host}/sdk/v1/projects/bootstrap/${token}`);
      client.dispose();
    }
  });

  it('asks for bootstrap in the task after the one that created it, with the stored copy readable at once', async () => {
    const f = fakeEnv();
    f.storage.setItem(`stytch_sdk_bootstrap::${TOKEN}`, JSON.stringify({ disable_sdk_watermark: false, project_name: 'Stored' }));
    const client = createClient(TOKEN, { baseUrl: 'http://localhost:4100', env: f.env });
    // That task is often a widget's first render: the request's setup would hold back its paint.
    await Promise.resolve();
    expect(f.calls).to.deep.equal([]);
    expect(client.bootstrap.getSync()).to.include({ disable_sdk_watermark: false });
    await flush();
    expect(f.calls.map((c) => new URL(c.url).pathname)).to.deep.equal([`/sdk/v1/projects/bootstrap/${TOKEN}`]);
    expect((await client.bootstrap.ready()).project_name).to.equal('Test');
    client.dispose();
  });

  it('warns on a malformed token, a second client, and an invalid custom API domain', async () => {
    const f = fakeEnv();
    const a = createClient('pk_wrong', { env: f.env, apiDomain: 'not a domain' });
    const b = createClient('pk_wrong', { env: f.env });
    expect(f.warnings.some((w) => w.includes('public-token-'))).to.equal(true);
    expect(f.warnings.some((w) => w.includes('Several clients'))).to.equal(true);
    expect(f.warnings.some((w) => w.includes('Unable to use custom API domain `not a domain`'))).to.equal(true);
    await flush();
    expect(f.calls[0]!.url.startsWith('https://api.stytch.com/')).to.equal(true);
    a.dispose();
    b.dispose();
  });

  it('refuses to be created on the server side', () => {
    expect(() => createClient(TOKEN, { env: { ...fakeEnv().env, isServer: true } })).to.throw('client side');
  });

  it('switches to a valid cname_domain from bootstrap', async () => {
    const f = fakeEnv({ 'POST /users/search': () => ok({ userType: 'new' }) }, { ...BOOTSTRAP, cname_domain: 'login.example.com' });
    const client = createClient(TOKEN, { env: f.env });
    await client.user.search('a@example.com');
    expect(f.calls[1]!.url).to.equal('https://login.example.com/sdk/v1/users/search');
    client.dispose();
  });

  it('throws usage errors from the shared schemas before any call', async () => {
    const f = fakeEnv();
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    const e1 = await client.otps.authenticate(123 as unknown as string, 'm', { session_duration_minutes: 30 }).catch((e: Error) => e);
    expect(e1).to.be.instanceOf(StytchSDKUsageError);
    expect((e1 as Error).message).to.equal('Invalid call to stytch.otps.authenticate\ntoken must be a string');
    const e2 = await client.passwords.create({ email: 'a@example.com', password: 'x' } as never).catch((e: Error) => e);
    expect((e2 as Error).message).to.equal('Invalid call to stytch.passwords.create\nsession_duration_minutes must be a number');
    const e3 = await client.oauth.google.start({ custom_scopes: 'email' as unknown as string[] }).catch((e: Error) => e);
    expect((e3 as Error).message).to.equal('Invalid call to stytch.oauth.google.start\ncustom_scopes must be an array of strings');
    const e4 = await client.totps.create({} as never).catch((e: Error) => e);
    expect((e4 as Error).message).to.equal('Invalid call to stytch.totps.create\nexpiration_minutes must be a number');
    expect(f.calls.filter((c) => !c.url.includes('bootstrap'))).to.deep.equal([]);
    client.dispose();
  });

  it('retries once with a captcha token and telemetry id on Captcha required', async () => {
    let n = 0;
    const f = fakeEnv({
      'POST /magic_links/email/login_or_create': () => (n++ === 0 ? new Response('Captcha required', { status: 403 }) : ok({ user_id: 'u', email_id: 'e', user_created: false })),
    });
    const client = createClient(TOKEN, {
      baseUrl: BASE,
      env: f.env,
      captcha: { getToken: async () => 'captcha-1' },
      dfp: { getTelemetryId: async () => 'dfp-1' },
    });
    await client.magicLinks.email.loginOrCreate('a@example.com');
    const sent = f.calls.filter((c) => c.url.endsWith('/login_or_create')).map((c) => c.body);
    expect(sent).to.deep.equal([{ email: 'a@example.com' }, { email: 'a@example.com', captcha_token: 'captcha-1', dfp_telemetry_id: 'dfp-1' }]);
    client.dispose();
  });

  it('attaches captcha and DFP when bootstrap requires them', async () => {
    const f = fakeEnv({ 'POST /users/search': () => ok({ userType: 'password' }) }, { ...BOOTSTRAP, captcha_settings: { enabled: true, siteKey: 'k' }, dfp_protected_auth_enabled: true });
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env, captcha: { getToken: async (k) => `captcha-${k}` }, dfp: { getTelemetryId: async () => 'dfp-2' } });
    expect((await client.user.search('a@example.com')).userType).to.equal('password');
    expect(f.calls[1]!.body).to.deep.equal({ email: 'a@example.com', captcha_token: 'captcha-k', dfp_telemetry_id: 'dfp-2' });
    client.dispose();
  });

  it('sends a PKCE challenge when required and the verifier on authenticate', async () => {
    const f = fakeEnv({ 'POST /magic_links/email/login_or_create': () => ok({}), 'POST /magic_links/authenticate': () => authOk() }, { ...BOOTSTRAP, pkce_required_for_email_magic_links: true });
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    await client.magicLinks.email.loginOrCreate('a@example.com');
    const challenge = (f.calls[1]!.body as { code_challenge: string }).code_challenge;
    expect(challenge).to.match(/^[A-Za-z0-9_-]{43}$/);
    await client.magicLinks.authenticate('tok', { session_duration_minutes: 30 });
    const verifier = (f.calls[2]!.body as { code_verifier: string }).code_verifier;
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
    expect(
      btoa(String.fromCharCode(...digest))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, ''),
    ).to.equal(challenge);
    client.dispose();
  });

  it('falls back from the password-reset proof key to the magic-link one on a pkce error', async () => {
    const f = fakeEnv(
      {
        'POST /passwords/email/reset/start': () => ok({}),
        'POST /magic_links/email/login_or_create': () => ok({}),
        'POST /magic_links/authenticate': (c) =>
          (c.body as { code_verifier?: string }).code_verifier === resetVerifier ? apiError(400, 'pkce_mismatch', 'The pkce code_verifier does not match.') : authOk(),
      },
      { ...BOOTSTRAP, pkce_required_for_email_magic_links: true, pkce_required_for_password_resets: true },
    );
    let resetVerifier = '';
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    await client.passwords.resetByEmailStart({ email: 'a@example.com' });
    resetVerifier = JSON.parse([...f.storage.map.entries()].find(([k]) => k.includes('pkce_passwords'))![1]).code_verifier;
    await client.magicLinks.email.loginOrCreate('a@example.com');
    const r = await client.magicLinks.authenticate('tok', { session_duration_minutes: 30 });
    expect(r.session_token).to.equal('session-token-1');
    const verifiers = f.calls.filter((c) => c.url.endsWith('/magic_links/authenticate')).map((c) => (c.body as { code_verifier: string }).code_verifier);
    expect(verifiers).to.have.length(2);
    expect(verifiers[0]).to.equal(resetVerifier);
    expect(verifiers[1]).to.not.equal(resetVerifier);
    client.dispose();
  });

  it('navigates to the OAuth start URL and warns when authenticate finds no verifier', async () => {
    const f = fakeEnv({ 'POST /oauth/authenticate': () => authOk() });
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    await client.oauth.github.start({ login_redirect_url: 'https://host.example/cb', custom_scopes: ['repo', 'user'], provider_params: { prompt: 'consent' } });
    const url = new URL(f.navigations[0]!);
    expect(url.origin + url.pathname).to.equal('http://localhost:4100/custom/prefix/v1/public/oauth/github/start');
    expect(url.searchParams.get('public_token')).to.equal(TOKEN);
    expect(url.searchParams.get('code_challenge')).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('custom_scopes')).to.equal('repo user');
    expect(url.searchParams.get('provider_prompt')).to.equal('consent');
    await client.oauth.authenticate('t1', { session_duration_minutes: 30 });
    expect(f.warnings.some((w) => w.includes('No code verifier'))).to.equal(false);
    await client.oauth.authenticate('t2', { session_duration_minutes: 30 });
    expect(f.warnings.some((w) => w.includes('No code verifier'))).to.equal(true);
    client.dispose();
  });

  it('sends SIWE params with the page origin for Ethereum wallets only when bootstrap requires SIWE', async () => {
    const start = () => ok({ challenge: 'c', user_created: true, user_id: 'u' });
    const f = fakeEnv({ 'POST /crypto_wallets/authenticate/start/primary': start }, { ...BOOTSTRAP, siwe_required_for_crypto_wallets: true });
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    await client.cryptoWallets.authenticateStart({ crypto_wallet_address: '0xabc', crypto_wallet_type: 'ethereum' });
    await client.cryptoWallets.authenticateStart({ crypto_wallet_address: '0xabc', crypto_wallet_type: 'ethereum', siwe_params: { uri: 'https://host.example/login', chain_id: '137' } });
    await client.cryptoWallets.authenticateStart({ crypto_wallet_address: 'So1', crypto_wallet_type: 'solana', siwe_params: { chain_id: '1' } });
    const bodies = f.calls.filter((c) => c.url.includes('/crypto_wallets/')).map((c) => c.body);
    expect(bodies).to.deep.equal([
      { crypto_wallet_address: '0xabc', crypto_wallet_type: 'ethereum', siwe_params: { uri: 'https://host.example' } },
      { crypto_wallet_address: '0xabc', crypto_wallet_type: 'ethereum', siwe_params: { uri: 'https://host.example/login', chain_id: '137' } },
      { crypto_wallet_address: 'So1', crypto_wallet_type: 'solana' },
    ]);
    const bad = await client.cryptoWallets
      .authenticateStart({ crypto_wallet_address: '0xabc', crypto_wallet_type: 'ethereum', siwe_params: { resources: 'x' as unknown as string[] } })
      .catch((e: Error) => e);
    expect((bad as Error).message).to.equal('Invalid call to stytch.cryptoWallets.authenticateStart\nsiwe_params.resources must be an array of strings');
    client.dispose();
  });

  it('exposes all 19 OAuth providers', () => {
    const client = createClient(TOKEN, { baseUrl: BASE, env: fakeEnv().env });
    // The client's list is SPEC §2's: 19 providers, Google first, Yahoo last.
    expect(OAuthProviders).to.have.length(19);
    expect([OAuthProviders[0], OAuthProviders[18]]).to.deep.equal(['google', 'yahoo']);
    for (const n of OAuthProviders) expect(typeof client.oauth[n].start).to.equal('function');
    client.dispose();
  });

  it('uses /secondary once a session exists and rejects API errors with the typed error', async () => {
    const f = fakeEnv({ 'POST /otps/authenticate': () => authOk(), 'POST /otps/email/send/secondary': () => apiError(429, 'too_many_requests', 'Too many requests.') });
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    await client.otps.authenticate('123456', 'email-test-1', { session_duration_minutes: 30 });
    const e = (await client.otps.email.send('a@example.com').catch((x: unknown) => x)) as StytchAPIError;
    expect(e).to.be.instanceOf(StytchAPIError);
    expect(e.error_message).to.equal('Too many requests.');
    client.dispose();
  });

  it('waits for the first bootstrap answer before auth calls, but not forever', async () => {
    let release: (r: Response) => void = () => undefined;
    const f = fakeEnv({ 'GET /projects/bootstrap/': () => new Promise<Response>((r) => (release = r)), 'POST /users/search': () => ok({ userType: 'new' }) });
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    const p = client.user.search('a@example.com');
    await flush();
    expect(f.calls.map((c) => new URL(c.url).pathname)).to.deep.equal([`/custom/prefix/sdk/v1/projects/bootstrap/${TOKEN}`]);
    await f.timers.advance(5000);
    expect((await p).userType).to.equal('new');
    release(ok(BOOTSTRAP));
    client.dispose();
  });

  it('in DFP DECISIONING mode sends the telemetry id but no captcha up front', async () => {
    const f = fakeEnv(
      { 'POST /users/search': () => ok({ userType: 'new' }) },
      { ...BOOTSTRAP, captcha_settings: { enabled: true, siteKey: 'k' }, dfp_protected_auth_enabled: true, dfp_protected_auth_mode: 'DECISIONING' },
    );
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env, captcha: { getToken: async () => 'captcha-x' }, dfp: { getTelemetryId: async () => 'dfp-3' } });
    await client.user.search('a@example.com');
    expect(f.calls[1]!.body).to.deep.equal({ email: 'a@example.com', dfp_telemetry_id: 'dfp-3' });
    client.dispose();
  });

  it('ignores an invalid cname_domain from bootstrap with a warning', async () => {
    const f = fakeEnv({ 'POST /users/search': () => ok({ userType: 'new' }) }, { ...BOOTSTRAP, cname_domain: 'https://bad/' });
    const client = createClient(TOKEN, { env: f.env });
    await client.user.search('a@example.com');
    expect(f.calls[1]!.url).to.equal('https://test.stytch.com/sdk/v1/users/search');
    expect(f.warnings.some((w) => w.includes('Unable to use custom API domain `https://bad/`'))).to.equal(true);
    client.dispose();
  });
});
