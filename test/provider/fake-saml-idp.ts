import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { esc } from '../../demo/idp/pages.ts';
import { idpKey as makeKey, readAuthnRequestUrl, samlResponse, type IdpKey } from '../../demo/idp/saml-messages.ts';

// The IdP side of SAML (request reading, signed responses) is the demo's local IdP's, shared.
export { samlResponse, type AssertionOptions, type AuthnRequest, type IdpKey } from '../../demo/idp/saml-messages.ts';
/** Reads a sign-in URL's AuthnRequest (HTTP-Redirect binding). */
export const readAuthnRequest = readAuthnRequestUrl;
/** A fresh RSA key and certificate (test only). */
export const idpKey = (commonName = 'Test IdP') => makeKey(commonName);

/**
 * A SAML IdP a browser can visit: its sign-in URL reads the AuthnRequest and answers a page
 * that posts the signed response to the ACS URL at once (HTTP-POST binding), for the account
 * set with `as`, as if that person had signed in there.
 */
export async function startSamlIdp(key: IdpKey) {
  let account = { email: 'someone@example.test', first: '', last: '' };
  let entityId = '';
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', entityId);
    if (url.pathname !== '/sso') return void res.writeHead(404).end();
    const r = readAuthnRequest(url.toString());
    const response = samlResponse({
      issuer: entityId,
      audience: r.issuer,
      recipient: r.acsUrl,
      inResponseTo: r.id,
      nameId: account.email,
      attributes: { email: account.email, first_name: account.first, last_name: account.last },
      key,
    });
    res
      .writeHead(200, { 'Content-Type': 'text/html' })
      .end(
        `<!doctype html><meta charset="utf-8"><title>IdP</title><form method="post" action="${esc(r.acsUrl)}">` +
          `<input type="hidden" name="SAMLResponse" value="${esc(response)}"><input type="hidden" name="RelayState" value="${esc(r.relayState)}"></form>` +
          '<script>document.forms[0].submit()</script>',
      );
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  entityId = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    entityId,
    ssoUrl: `${entityId}/sso`,
    as(a: { email: string; first?: string; last?: string }) {
      account = { first: '', last: '', ...a };
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
