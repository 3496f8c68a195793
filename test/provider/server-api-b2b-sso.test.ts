import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { uniqueSlug } from './b2b-harness.ts';
import { idpKey, readAuthnRequest, samlResponse, type IdpKey } from './fake-saml-idp.ts';
import { databases, TEST_TOKEN, uniqueEmail } from './harness.ts';
import { startServerApi, stytchError, type ServerApiSetup } from './server-api-harness.ts';

const REDIRECT = 'https://app.test/authenticate';
const IDP = 'https://idp.test/metadata';

for (const kind of databases) {
  describe(`server API: B2B SSO through the official SDK (${kind})`, () => {
    let setup: ServerApiSetup;
    let key: IdpKey;
    before(async () => {
      key = await idpKey();
      setup = await startServerApi(kind, { redirectUrls: [REDIRECT] });
    });
    after(() => setup.provider.destroy());

    it('a backend configures a SAML connection, a member signs in through it, and the backend authenticates the SSO token', async () => {
      const { organization } = await setup.b2b.organizations.create({ organization_name: 'Server SSO', organization_slug: uniqueSlug('sso') });
      const orgId = organization.organization_id;
      const created = await setup.b2b.sso.saml.createConnection({ organization_id: orgId, display_name: 'Backend IdP' });
      const id = created.connection!.connection_id;
      const updated = await setup.b2b.sso.saml.updateConnection({
        organization_id: orgId,
        connection_id: id,
        idp_entity_id: IDP,
        idp_sso_url: 'https://idp.test/sso',
        x509_certificate: key.certificate,
      });
      assert.equal(updated.connection!.status, 'active');
      const listed = await setup.b2b.sso.getConnections({ organization_id: orgId });
      assert.deepEqual(
        listed.saml_connections.map((c) => c.connection_id),
        [id],
      );

      // The browser's round trip, by hand.
      const start = await fetch(`${setup.provider.url}/v1/public/sso/start?${new URLSearchParams({ public_token: TEST_TOKEN, connection_id: id, login_redirect_url: REDIRECT })}`, {
        redirect: 'manual',
      });
      assert.equal(start.status, 302, await start.text());
      const req = readAuthnRequest(start.headers.get('location')!);
      const email = uniqueEmail('server-sso');
      const c = updated.connection!;
      const posted = await fetch(c.acs_url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          SAMLResponse: samlResponse({ issuer: IDP, audience: c.audience_uri, recipient: c.acs_url, inResponseTo: req.id, nameId: email, attributes: { email }, key }),
          RelayState: req.relayState,
        }),
      });
      assert.equal(posted.status, 303, await posted.text());
      const token = new URL(posted.headers.get('location')!).searchParams.get('token')!;

      const auth = await setup.b2b.sso.authenticate({ sso_token: token, session_duration_minutes: 30 });
      assert.equal(auth.member_authenticated, true);
      assert.equal(auth.member!.email_address, email);
      assert.equal(auth.organization_id, orgId);
      assert.ok(auth.session_token);
      const again = await stytchError(setup.b2b.sso.authenticate({ sso_token: token, session_duration_minutes: 30 }));
      assert.equal(again.error_type, 'sso_token_not_found');

      // OIDC connections too; another organization's connection is not found; deletion.
      const oidc = await setup.b2b.sso.oidc.createConnection({ organization_id: orgId, display_name: 'OIDC' });
      const oidcUpdated = await setup.b2b.sso.oidc.updateConnection({
        organization_id: orgId,
        connection_id: oidc.connection!.connection_id,
        issuer: 'https://issuer.test',
        client_id: 'c',
        client_secret: 's',
      });
      assert.equal(oidcUpdated.connection!.status, 'active');
      const other = await setup.b2b.organizations.create({ organization_name: 'Other', organization_slug: uniqueSlug('other') });
      const cross = await stytchError(setup.b2b.sso.deleteConnection({ organization_id: other.organization.organization_id, connection_id: id }));
      assert.equal(cross.status_code, 404);
      await setup.b2b.sso.deleteConnection({ organization_id: orgId, connection_id: id });
      assert.deepEqual((await setup.b2b.sso.getConnections({ organization_id: orgId })).saml_connections, []);
    });
  });
}
