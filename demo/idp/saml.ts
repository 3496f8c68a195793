import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLarge, chosenAccount, esc, failurePage, isEmail, readForm, rememberCookie, rememberedAccounts, sendPage, signInPage } from './pages.ts';
import { idpKey, readAuthnRequest, signedInResponse, type AuthnRequest, type IdpKey } from './saml-messages.ts';

/*
 * The demo's local SAML 2.0 identity provider (`/idp/saml`), which an organization's SAML SSO
 * connection can point at: its sign-in URL takes the provider's AuthnRequest (HTTP-Redirect
 * binding), the visitor picks or types an account, and a page posts the signed response to the
 * provider's ACS URL (HTTP-POST binding). Its metadata names the entity ID, sign-in URL and
 * certificate. The signing key lives as long as the demo server: after a restart, connect the
 * organization again from the admin page.
 */

const NAME = 'Local SAML IdP';

export interface LocalSamlIdp {
  entityId: string;
  ssoUrl: string;
  certificate: string;
  /** Answers a request under /idp/saml/; false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
}

/** `base` is where browsers reach the IdP; `providerOrigin` is the one service provider it answers (its ACS URLs only). */
export async function localSamlIdp(base: string, providerOrigin: string, key?: IdpKey): Promise<LocalSamlIdp> {
  const entityId = `${base}/idp/saml`;
  const ssoUrl = `${entityId}/sso`;
  const signing = key ?? (await idpKey(NAME));
  const acsPrefix = `${providerOrigin}/v1/public/sso/callback/`;
  const pem = signing.certificate.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, '');

  /** The request a form or URL carries, checked: only this provider's ACS URLs are answered. */
  function request(p: URLSearchParams): AuthnRequest | string {
    let r: AuthnRequest;
    try {
      r = readAuthnRequest(p.get('SAMLRequest') ?? '', p.get('RelayState') ?? '');
    } catch (e) {
      return (e as Error).message;
    }
    if (!r.acsUrl.startsWith(acsPrefix)) return `The AuthnRequest's AssertionConsumerServiceURL must be an SSO callback of the provider at ${providerOrigin}.`;
    return r;
  }

  async function sso(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const post = req.method === 'POST';
    const params = post ? await readForm(req) : url.searchParams;
    const r = request(params);
    if (typeof r === 'string') return failurePage(res, 400, NAME, r);
    const hidden = { SAMLRequest: params.get('SAMLRequest') ?? '', ...(r.relayState ? { RelayState: r.relayState } : {}) };
    const page = (status: number, error?: string, typed?: { email: string; name: string }) =>
      signInPage(res, status, { idpName: NAME, audience: new URL(r.acsUrl).host, action: '/idp/saml/sso', hidden, accounts: rememberedAccounts(req), error, typed });
    if (!post) return page(200);
    // Cancelling sends no assertion: the sign-in is abandoned, and the visitor goes back to where it started.
    if (params.get('decision') === 'cancel') return failurePage(res, 200, NAME, 'You cancelled the sign-in. Close this page or go back to start again.');
    const account = chosenAccount(params);
    if (!isEmail(account.email)) return page(422, 'Enter a valid email address.', account);
    const [first = '', ...rest] = account.name.split(/\s+/).filter(Boolean);
    const response = signedInResponse(r, entityId, signing, { email: account.email, first, last: rest.join(' ') });
    res.setHeader('Set-Cookie', rememberCookie(req, account));
    // HTTP-POST binding: the browser carries the response to the ACS URL (a button without script).
    sendPage(
      res,
      200,
      `${NAME}: signing in`,
      (nonce) =>
        `<h1>Signing in…</h1><form method="post" action="${esc(r.acsUrl)}">` +
        `<input type="hidden" name="SAMLResponse" value="${esc(response)}">` +
        (r.relayState ? `<input type="hidden" name="RelayState" value="${esc(r.relayState)}">` : '') +
        `<button type="submit">Continue</button></form><script nonce="${nonce}">document.forms[0].submit()</script>`,
    );
  }

  function metadata(res: ServerResponse): void {
    res
      .writeHead(200, { 'Content-Type': 'application/samlmetadata+xml; charset=utf-8' })
      .end(
        `<?xml version="1.0"?><md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${esc(entityId)}">` +
          `<md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">` +
          `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${pem}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>` +
          `<md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>` +
          `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${esc(ssoUrl)}"/>` +
          `</md:IDPSSODescriptor></md:EntityDescriptor>`,
      );
  }

  return {
    entityId,
    ssoUrl,
    certificate: signing.certificate,
    async handle(req, res, url) {
      const path = url.pathname.slice('/idp/saml'.length);
      try {
        if (path === '/sso' && (req.method === 'GET' || req.method === 'POST')) await sso(req, res, url);
        else if (path === '/metadata' && req.method === 'GET') metadata(res);
        else return false;
      } catch (e) {
        if (!(e instanceof BodyTooLarge)) throw e;
        if (!res.headersSent) res.writeHead(413).end();
      }
      return true;
    },
  };
}
