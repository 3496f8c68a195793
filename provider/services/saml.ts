import type { Profile, SAML } from '@node-saml/node-saml';
import { ApiError } from '../errors.ts';

/** This provider as the service provider of one SAML connection. */
export interface SamlServiceProvider {
  /** The audience the IdP must name (the connection's `audience_uri`). */
  entityId: string;
  /** Where the IdP posts its response (the connection's `acs_url`); the assertion's Recipient. */
  acsUrl: string;
}

/** The identity provider as the connection's admin configured it. */
export interface SamlIdentityProvider {
  entityId: string;
  ssoUrl: string;
  /** PEM certificates whose keys may sign assertions. */
  certificates: string[];
}

/** What a verified assertion says, plus what replay protection needs. */
export interface VerifiedAssertion {
  /** The assertion's own ID: stored single-use so a captured response cannot be replayed. */
  assertionId: string;
  /** The AuthnRequest it answers (SP-initiated sign-in only). */
  inResponseTo: string;
  nameId: string;
  /** Attribute name to first value. */
  attributes: Record<string, string>;
  /** Attribute name to every value (a multi-valued attribute: a person's groups). */
  values: Record<string, string[]>;
  /** The latest instant the assertion may be used, for how long its ID must be remembered. */
  notOnOrAfter: Date;
}

/** Clock skew tolerated between the IdP and this provider. */
const CLOCK_SKEW_MS = 60_000;
/** No assertion is accepted more than this long after the IdP issued it, whatever its conditions say. */
const MAX_ASSERTION_AGE_MS = 10 * 60_000;

/** node-saml and its XML stack (about 110 files), loaded with the first SAML sign-in or metadata asked for. */
const nodeSaml = () => import('@node-saml/node-saml');

async function samlFor(sp: SamlServiceProvider, idp: SamlIdentityProvider, requestId?: string): Promise<SAML> {
  if (!idp.entityId) throw new ApiError(400, 'saml_connection_incomplete', 'The SAML connection has no IdP entity ID (idp_entity_id).');
  if (idp.certificates.length === 0) throw new ApiError(400, 'saml_connection_incomplete', 'The SAML connection has no verification certificate.');
  const { SAML, ValidateInResponseTo } = await nodeSaml();
  return new SAML({
    callbackUrl: sp.acsUrl,
    entryPoint: idp.ssoUrl,
    issuer: sp.entityId,
    audience: sp.entityId,
    idpIssuer: idp.entityId,
    idpCert: idp.certificates,
    // The assertion itself must carry a valid signature; a signed envelope alone is not enough.
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    // InResponseTo is checked against the stored, single-use sign-in state by the caller.
    validateInResponseTo: ValidateInResponseTo.never,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    maxAssertionAgeMs: MAX_ASSERTION_AGE_MS,
    disableRequestedAuthnContext: true,
    identifierFormat: null,
    ...(requestId ? { generateUniqueId: () => requestId } : {}),
  });
}

/** The IdP's sign-in URL carrying a deflated AuthnRequest with `requestId` (HTTP-Redirect binding). */
export async function authnRequestUrl(sp: SamlServiceProvider, idp: SamlIdentityProvider, requestId: string, relayState: string): Promise<string> {
  if (!idp.ssoUrl) throw new ApiError(400, 'saml_connection_incomplete', 'The SAML connection has no IdP sign-in URL (idp_sso_url).');
  return (await samlFor(sp, idp, requestId)).getAuthorizeUrlAsync(relayState, undefined, {});
}

const refused = (type: string, message: string) => new ApiError(400, type, message);

/** node-saml reports every refusal as a plain Error; callers get one error type per cause. */
function classify(e: unknown): ApiError {
  const message = e instanceof Error ? e.message : String(e);
  if (/signature/i.test(message)) return refused('saml_invalid_signature', "The SAML response is not signed by the connection's certificate.");
  if (/audience/i.test(message)) return refused('saml_audience_mismatch', 'The SAML assertion is meant for another audience than this connection.');
  if (/expired|NotOnOrAfter|NotBefore|not yet valid/i.test(message)) return refused('saml_assertion_expired', 'The SAML assertion is expired or not yet valid.');
  if (/issuer/i.test(message)) return refused('saml_issuer_mismatch', "The SAML response comes from another identity provider than this connection's.");
  return refused('saml_invalid_response', `The SAML response could not be read: ${message}`);
}

type Xml = Record<string, unknown>;
const list = (x: unknown): Xml[] => (Array.isArray(x) ? (x as Xml[]) : []);
const attrs = (x: Xml | undefined): Record<string, string> => (x?.['$'] as Record<string, string> | undefined) ?? {};

/**
 * Verifies a posted SAMLResponse: the assertion's signature against the connection's
 * certificates, the issuer, audience and time window (node-saml), then the bearer
 * confirmation's Recipient and the InResponseTo this provider's request carried.
 */
export async function verifySamlResponse(sp: SamlServiceProvider, idp: SamlIdentityProvider, samlResponse: string): Promise<VerifiedAssertion> {
  let profile: Profile | null;
  try {
    ({ profile } = await (await samlFor(sp, idp)).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (e) {
    throw classify(e);
  }
  const assertion = profile?.getAssertion?.()?.['Assertion'] as Xml | undefined;
  if (!profile || !assertion) throw refused('saml_invalid_response', 'The SAML response carries no assertion.');
  // node-saml compares idpIssuer only on some paths; the signed assertion's Issuer is what counts.
  if (profile.issuer !== idp.entityId) throw classify(new Error('issuer'));
  const confirmations = list(list(assertion['Subject'])[0]?.['SubjectConfirmation']).map((s) => attrs(list(s['SubjectConfirmationData'])[0]));
  // A bearer assertion is only good at the endpoint it names (SAML 2.0 profiles §4.1.4.2).
  if (!confirmations.some((d) => d['Recipient'] === sp.acsUrl)) {
    throw refused('saml_recipient_mismatch', "The SAML assertion names another recipient than this connection's ACS URL.");
  }
  const inResponseTo = confirmations.find((d) => d['InResponseTo'])?.['InResponseTo'] ?? profile.inResponseTo;
  if (typeof inResponseTo !== 'string' || !inResponseTo) {
    throw refused('saml_unsolicited_response', 'The SAML response answers no sign-in this provider started (IdP-initiated sign-in is not accepted).');
  }
  const assertionId = attrs(assertion)['ID'];
  if (!assertionId) throw refused('saml_invalid_response', 'The SAML assertion has no ID.');
  const conditions = attrs(list(assertion['Conditions'])[0]);
  const ends = [conditions['NotOnOrAfter'], ...confirmations.map((d) => d['NotOnOrAfter'])].filter((x): x is string => !!x).map((x) => Date.parse(x));
  const issued = Date.parse(attrs(assertion)['IssueInstant'] ?? '');
  const notOnOrAfter = new Date(Math.min(...ends, (Number.isNaN(issued) ? Date.now() : issued) + MAX_ASSERTION_AGE_MS) + CLOCK_SKEW_MS);
  const values: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(profile)) {
    const strings = [v].flat().filter((x): x is string => typeof x === 'string');
    if (strings.length) values[k] = strings;
  }
  const attributes = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v[0]!]));
  return { assertionId, inResponseTo, nameId: profile.nameID, attributes, values, notOnOrAfter };
}

/** The SP metadata an IdP admin may import: entity ID, ACS URL (POST binding), signed assertions wanted. */
export async function serviceProviderMetadata(sp: SamlServiceProvider): Promise<string> {
  const { generateServiceProviderMetadata } = await nodeSaml();
  return generateServiceProviderMetadata({ issuer: sp.entityId, callbackUrl: sp.acsUrl, wantAssertionsSigned: true, identifierFormat: null });
}
