import { expect } from '@open-wc/testing';
import type { DiscoveredOrganization } from '../../../client/b2b/types.ts';
import { resolveB2BConfig, type B2BConfig } from '../../../screens/b2b/config.ts';
import { shownProviders, startSettings } from '../../../screens/b2b/oauth/providers.ts';
import { activeConnections, ssoOnlyConnection } from '../../../screens/b2b/sso/connections.ts';
import { lastUsedFirst } from '../../../screens/b2b/sso/lastUsed.tsx';

// The B2B element's SSO and OAuth options as the official B2B UI reads them (issue 26).

const resolve = (c: object) => resolveB2BConfig({ authFlowType: 'Discovery', ...c });
const ok = (c: object): B2BConfig => {
  const r = resolve(c);
  if (!r.ok) throw new Error(r.message);
  return r.value;
};

describe('B2B ssoOptions and oauthOptions', () => {
  it('reads providers as names or objects, in their order', () => {
    const c = ok({ products: ['oauth'], oauthOptions: { providers: ['github', { type: 'google', one_tap: true, customScopes: ['a'] }] } });
    expect(c.oauthOptions.providers.map((p) => p.type)).to.deep.equal(['github', 'google']);
    expect(c.oauthOptions.providers[1]).to.deep.include({ one_tap: true, customScopes: ['a'] });
  });

  it('refuses an unknown provider, a non-string provider param and a relative redirect URL, naming the option', () => {
    expect(resolve({ products: ['oauth'], oauthOptions: { providers: ['twitter'] } })).to.deep.equal({
      ok: false,
      message: 'Invalid B2B config: config.oauthOptions.providers.0.type: must be one of google, microsoft, hubspot, slack, github',
    });
    const params = resolve({ products: ['sso'], ssoOptions: { providerParams: { prompt: 1 } } });
    expect(params.ok).to.equal(false);
    expect(!params.ok && params.message).to.match(/^Invalid B2B config: config\.ssoOptions\.providerParams\.prompt: must be a string/);
    const url = resolve({ products: ['oauth'], oauthOptions: { providers: ['google'], discoveryRedirectURL: '/back' } });
    expect(!url.ok && url.message).to.equal('Invalid B2B config: config.oauthOptions.discoveryRedirectURL: must be an absolute URL');
  });

  it('a config of only SSO or OAuth shows a card; OAuth without a provider would be empty and is refused', () => {
    expect(resolve({ products: ['sso'] }).ok).to.equal(true);
    expect(resolve({ products: ['oauth'], oauthOptions: { providers: ['slack'] }, authFlowType: 'Organization' }).ok).to.equal(true);
    expect(resolve({ products: ['oauth'] })).to.deep.equal({ ok: false, message: 'Invalid B2B config: config.oauthOptions.providers: must name at least one provider for the oauth product' });
  });

  it("a provider starts with its own scopes and params, else the options'; Google and Microsoft get the known address as login_hint", () => {
    const options = { providers: [], customScopes: ['offline'], providerParams: { prompt: 'consent' } };
    expect(startSettings({ type: 'github' }, options, 'ada@acme.test')).to.deep.include({ customScopes: ['offline'], providerParams: { prompt: 'consent' } });
    expect(startSettings({ type: 'google', customScopes: ['cal'], providerParams: { hd: 'acme.test' } }, options, 'ada@acme.test')).to.deep.include({
      customScopes: ['cal'],
      providerParams: { hd: 'acme.test', login_hint: 'ada@acme.test' },
    });
    expect(startSettings({ type: 'microsoft', providerParams: { login_hint: 'x@acme.test' } }, options, 'ada@acme.test').providerParams).to.deep.equal({ login_hint: 'x@acme.test' });
    expect(startSettings({ type: 'google' }, { providers: [] }, undefined)).to.deep.include({ customScopes: undefined, providerParams: undefined, oneTap: false });
    expect(startSettings({ type: 'google', one_tap: true, cancel_on_tap_outside: false }, { providers: [] }, undefined)).to.deep.include({ oneTap: true, cancelOnTapOutside: false });
  });

  it('shows the providers an organization allows, each once', () => {
    const config = { oauthOptions: { providers: [{ type: 'google' as const }, { type: 'slack' as const }, { type: 'google' as const }] } };
    expect(shownProviders(config, undefined).map((p) => p.type)).to.deep.equal(['google', 'slack']);
    expect(shownProviders(config, ['slack_oauth', 'sso']).map((p) => p.type)).to.deep.equal(['slack']);
  });

  it("reads an organization's active connections, and starts SSO at once for an organization that allows only SSO and names a default", () => {
    const connection = { connection_id: 'saml-connection-1', display_name: 'Okta', identity_provider: 'okta' };
    expect(activeConnections({ sso_active_connections: [connection] })).to.deep.equal([connection]);
    expect(activeConnections({})).to.deep.equal([]);
    const d = (allowed: string[] | null, id: string | null) =>
      ({ organization: { sso_default_connection_id: id }, primary_required: allowed ? { allowed_auth_methods: allowed } : null }) as unknown as DiscoveredOrganization;
    expect(ssoOnlyConnection(d(['sso'], 'saml-connection-1'))).to.equal('saml-connection-1');
    expect(ssoOnlyConnection(d(['sso', 'password'], 'saml-connection-1'))).to.equal(undefined);
    expect(ssoOnlyConnection(d(['sso'], null))).to.equal(undefined);
    expect(ssoOnlyConnection(d(null, 'saml-connection-1'))).to.equal(undefined);
  });

  it('moves the method used last to the front, the others in their order', () => {
    const items = ['google', 'sso:oidc-connection-1', 'github'].map((key) => ({ key }));
    expect(lastUsedFirst(items, 'github')).to.deep.equal({ items: [{ key: 'github' }, { key: 'google' }, { key: 'sso:oidc-connection-1' }], found: true });
    expect(lastUsedFirst(items, 'slack')).to.deep.equal({ items, found: false });
    expect(lastUsedFirst(items, null).found).to.equal(false);
  });
});
