import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';

/** A signing key and its self-signed certificate, as an IdP admin would download it. */
export interface IdpKey {
  privateKey: string;
  certificate: string;
}

/** A fresh RSA key and certificate (test only). */
export async function idpKey(commonName = 'Test IdP'): Promise<IdpKey> {
  const pems = await generate([{ name: 'commonName', value: commonName }], { keySize: 2048, algorithm: 'sha256' });
  return { privateKey: pems.private, certificate: pems.cert };
}

/** What the IdP read from the AuthnRequest the provider redirected to it. */
export interface AuthnRequest {
  id: string;
  acsUrl: string;
  issuer: string;
  relayState: string;
}

/** Reads an HTTP-Redirect binding sign-in URL (deflated, base64 SAMLRequest). */
export function readAuthnRequest(url: string): AuthnRequest {
  const u = new URL(url);
  const xml = inflateRawSync(Buffer.from(u.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(xml)?.[1] ?? '';
  return {
    id: attr('ID'),
    acsUrl: attr('AssertionConsumerServiceURL'),
    issuer: /<(?:saml2?:)?Issuer[^>]*>([^<]*)</.exec(xml)?.[1] ?? '',
    relayState: u.searchParams.get('RelayState') ?? '',
  };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface AssertionOptions {
  /** The IdP's entity ID (Issuer). */
  issuer: string;
  /** The SP's entity ID the assertion is meant for. */
  audience: string;
  /** The ACS URL the assertion is good at. */
  recipient: string;
  inResponseTo: string;
  nameId: string;
  attributes?: Record<string, string>;
  /** Signs with this key; the connection may know another. */
  key: IdpKey;
  /** Moves every timestamp (issued, conditions, confirmation) by this much. */
  shiftMs?: number;
  /** How long the assertion is valid from its issue instant. */
  lifetimeMs?: number;
  assertionId?: string;
  /** Leaves the assertion unsigned. */
  unsigned?: boolean;
  /** Changes the subject after signing, so the signature no longer matches. */
  tamper?: boolean;
}

/** A base64 SAMLResponse whose assertion is signed (enveloped, exclusive c14n, RSA-SHA256). */
export function samlResponse(o: AssertionOptions): string {
  const now = Date.now() + (o.shiftMs ?? 0);
  const iso = (ms: number) => new Date(ms).toISOString();
  const until = iso(now + (o.lifetimeMs ?? 5 * 60_000));
  const assertionId = o.assertionId ?? `_a${randomUUID()}`;
  const attributes = Object.entries(o.attributes ?? {})
    .map(([k, v]) => `<saml:Attribute Name="${esc(k)}"><saml:AttributeValue>${esc(v)}</saml:AttributeValue></saml:Attribute>`)
    .join('');
  const assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${esc(assertionId)}" Version="2.0" IssueInstant="${iso(now)}">` +
    `<saml:Issuer>${esc(o.issuer)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${esc(o.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${until}" Recipient="${esc(o.recipient)}" InResponseTo="${esc(o.inResponseTo)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(now - 60_000)}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${esc(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="${assertionId}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
    `</saml:Assertion>`;
  let signed = assertion;
  if (!o.unsigned) {
    const sig = new SignedXml({
      privateKey: o.key.privateKey,
      publicCert: o.key.certificate,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    });
    sig.addReference({
      xpath: "//*[local-name(.)='Assertion']",
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
      transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    });
    sig.computeSignature(assertion, { location: { reference: "//*[local-name(.)='Issuer']", action: 'after' } });
    signed = sig.getSignedXml();
  }
  if (o.tamper) signed = signed.replace(`>${esc(o.nameId)}<`, '>someone-else@example.test<');
  const response =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${iso(now)}" Destination="${esc(o.recipient)}" InResponseTo="${esc(o.inResponseTo)}">` +
    `<saml:Issuer>${esc(o.issuer)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    signed +
    `</samlp:Response>`;
  return Buffer.from(response).toString('base64');
}

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
