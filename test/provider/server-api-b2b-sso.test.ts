import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { uniqueSlug } from './b2b-harness.ts';
import { idpKey, readAuthnRequest, samlResponse, type IdpKey } from './fake-saml-idp.ts';
import { databases, LOOPBACK_OUTBOUND, TEST_TOKEN, uniqueEmail } from './harness.ts';
import { startServerApi, stytchError, type ServerApiSetup } from './server-api-harness.ts';

const REDIRECT = 'https://app.test/authenticate';
const IDP = 'https://idp.test/metadata';

for (const kind of databases) {
  describe(`server API: B2B SSO through the official SDK (${kind})`, () => {
    let setup: ServerApiSetup;
    let key: IdpKey;
    let next: IdpKey;
    // An IdP's metadata URL: its document as Okta or Entra ID serves it (here, what `metadata` says).
    let metadata = '';
    let metadataServer: Server;
    let metadataUrl = '';
    before(async () => {
      [key, next] = await Promise.all([idpKey(), idpKey('Next key')]);
      setup = await startServerApi(kind, { redirectUrls: [REDIRECT], outbound: LOOPBACK_OUTBOUND });
      metadataServer = createServer((_req, res) => void res.writeHead(200, { 'Content-Type': 'application/samlmetadata+xml' }).end(metadata));
      await new Promise<void>((ok) => metadataServer.listen(0, '127.0.0.1', ok));
      metadataUrl = `http://127.0.0.1:${(metadataServer.address() as AddressInfo).port}/metadata`;
    });
    after(async () => {
      metadataServer.close();
      await setup.provider.destroy();
    });

    /** An IdP's metadata document with its signing certificates. */
    const idpMetadata = (entityId: string, ssoUrl: string, certificates: string[]) =>
      `<?xml version="1.0"?><md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entityId}"><md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">` +
      certificates
        .map(
          (pem) =>
            `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${pem.replace(/-----[^-]+-----|\s+/g, '')}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`,
        )
        .join('') +
      `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${ssoUrl}/post"/>` +
      `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${ssoUrl}"/>` +
      `</md:IDPSSODescriptor></md:EntityDescriptor>`;

    it("a backend sets a SAML connection from the IdP's metadata URL (the SDK's updateByURL): entity ID, redirect sign-in URL and each new certificate; a document that is not metadata is refused", async () => {
      const { organization } = await setup.b2b.organizations.create({ organization_name: 'Metadata SSO', organization_slug: uniqueSlug('md') });
      const orgId = organization.organization_id;
      const id = (await setup.b2b.sso.saml.createConnection({ organization_id: orgId, display_name: 'Okta' })).connection!.connection_id;
      metadata = idpMetadata(IDP, 'https://idp.test/sso', [key.certificate]);
      const first = await setup.b2b.sso.saml.updateByURL({ organization_id: orgId, connection_id: id, metadata_url: metadataUrl });
      assert.equal(first.connection!.status, 'active');
      assert.equal(first.connection!.idp_entity_id, IDP);
      assert.equal(first.connection!.idp_sso_url, 'https://idp.test/sso');
      assert.equal(first.connection!.verification_certificates.length, 1);
      // The IdP rotates its key: read again, only the new certificate is added.
      metadata = idpMetadata(IDP, 'https://idp.test/sso', [next.certificate, key.certificate]);
      const again = await setup.b2b.sso.saml.updateByURL({ organization_id: orgId, connection_id: id, metadata_url: metadataUrl });
      assert.equal(again.connection!.verification_certificates.length, 2);

      for (const [doc, why] of [
        ['<html><body>Sign in</body></html>', /describes no identity provider/],
        ['not xml at all <', /not XML|no identity provider/],
        [idpMetadata(IDP, 'https://idp.test/sso', []), /no signing certificate/],
      ] as const) {
        metadata = doc;
        const refused = await stytchError(setup.b2b.sso.saml.updateByURL({ organization_id: orgId, connection_id: id, metadata_url: metadataUrl }));
        assert.equal(refused.status_code, 400);
        assert.equal(refused.error_type, 'saml_metadata_unreadable');
        assert.match(refused.error_message, why);
      }
      const inside = await stytchError(setup.b2b.sso.saml.updateByURL({ organization_id: orgId, connection_id: id, metadata_url: 'http://10.1.2.3/metadata' }));
      assert.equal(inside.error_type, 'saml_metadata_unreadable');
      // Nothing changed by the refusals.
      const listed = await setup.b2b.sso.getConnections({ organization_id: orgId });
      assert.equal(listed.saml_connections[0]!.verification_certificates.length, 2);
    });

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
