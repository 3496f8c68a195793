import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';

/*
 * The identity provider's side of SAML 2.0 web sign-in, for the local IdP of the demo and the
 * fake IdP of the tests: reading the AuthnRequest a service provider redirected with, and a
 * response whose assertion is signed (xml-crypto: enveloped signature, exclusive c14n, RSA-SHA256).
 */

/** A signing key and its self-signed certificate, as an IdP admin would download it. */
export interface IdpKey {
  privateKey: string;
  certificate: string;
}

/** A fresh RSA key and certificate. */
export async function idpKey(commonName = 'Local IdP'): Promise<IdpKey> {
  const pems = await generate([{ name: 'commonName', value: commonName }], { keySize: 2048, algorithm: 'sha256' });
  return { privateKey: pems.private, certificate: pems.cert };
}

/** What the IdP read from the AuthnRequest the service provider redirected to it. */
export interface AuthnRequest {
  id: string;
  acsUrl: string;
  /** The service provider's entity ID: the audience of the answer. */
  issuer: string;
  relayState: string;
}

const PROTOCOL_NS = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';

/** Reads an HTTP-Redirect binding request (deflated, base64 `SAMLRequest`); throws when it is not one. */
export function readAuthnRequest(samlRequest: string, relayState = ''): AuthnRequest {
  let xml: string;
  try {
    xml = inflateRawSync(Buffer.from(samlRequest, 'base64')).toString('utf8');
  } catch {
    throw new Error('SAMLRequest is not a deflated, base64-encoded message.');
  }
  const errors: string[] = [];
  const doc = new DOMParser({ errorHandler: { error: (m: string) => errors.push(m), fatalError: (m: string) => errors.push(m) } }).parseFromString(xml, 'text/xml');
  const root = doc?.documentElement;
  if (errors.length > 0 || !root || root.namespaceURI !== PROTOCOL_NS || root.localName !== 'AuthnRequest') throw new Error('SAMLRequest is not an AuthnRequest.');
  const issuer = root.getElementsByTagNameNS(ASSERTION_NS, 'Issuer')[0]?.textContent?.trim() ?? '';
  const request = { id: root.getAttribute('ID') ?? '', acsUrl: root.getAttribute('AssertionConsumerServiceURL') ?? '', issuer, relayState };
  if (!request.id || !request.acsUrl || !request.issuer) throw new Error('The AuthnRequest has no ID, AssertionConsumerServiceURL or Issuer.');
  return request;
}

/** Reads the request a sign-in URL carries (HTTP-Redirect binding). */
export function readAuthnRequestUrl(url: string): AuthnRequest {
  const u = new URL(url);
  return readAuthnRequest(u.searchParams.get('SAMLRequest') ?? '', u.searchParams.get('RelayState') ?? '');
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
  /** Attribute name to its value, or its values (a person's groups). */
  attributes?: Record<string, string | string[]>;
  /** Signs with this key; the connection may know another. */
  key: IdpKey;
  /** Moves every timestamp (issued, conditions, confirmation) by this much (tests). */
  shiftMs?: number;
  /** How long the assertion is valid from its issue instant. */
  lifetimeMs?: number;
  assertionId?: string;
  /** Leaves the assertion unsigned (tests). */
  unsigned?: boolean;
  /** Changes the subject after signing, so the signature no longer matches (tests). */
  tamper?: boolean;
}

/**
 * The signed answer to `request` from the IdP `issuer`: the person `email` signed in, named in
 * the attributes an SSO connection maps by default (email, first_name, last_name).
 */
export function signedInResponse(request: AuthnRequest, issuer: string, key: IdpKey, person: { email: string; first: string; last: string }): string {
  const attributes = { email: person.email, first_name: person.first, last_name: person.last };
  return samlResponse({ issuer, audience: request.issuer, recipient: request.acsUrl, inResponseTo: request.id, nameId: person.email, attributes, key });
}

/** A base64 SAMLResponse whose assertion is signed (enveloped, exclusive c14n, RSA-SHA256). */
export function samlResponse(o: AssertionOptions): string {
  const now = Date.now() + (o.shiftMs ?? 0);
  const iso = (ms: number) => new Date(ms).toISOString();
  const until = iso(now + (o.lifetimeMs ?? 5 * 60_000));
  const assertionId = o.assertionId ?? `_a${randomUUID()}`;
  const attributes = Object.entries(o.attributes ?? {})
    .map(
      ([k, v]) =>
        `<saml:Attribute Name="${esc(k)}">${[v]
          .flat()
          .map((x) => `<saml:AttributeValue>${esc(x)}</saml:AttributeValue>`)
          .join('')}</saml:Attribute>`,
    )
    .join('');
  const assertion =
    `<saml:Assertion xmlns:saml="${ASSERTION_NS}" ID="${esc(assertionId)}" Version="2.0" IssueInstant="${iso(now)}">` +
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
    `<samlp:Response xmlns:samlp="${PROTOCOL_NS}" xmlns:saml="${ASSERTION_NS}" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${iso(now)}" Destination="${esc(o.recipient)}" InResponseTo="${esc(o.inResponseTo)}">` +
    `<saml:Issuer>${esc(o.issuer)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    signed +
    `</samlp:Response>`;
  return Buffer.from(response).toString('base64');
}
