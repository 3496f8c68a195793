import { DOMParser } from '@xmldom/xmldom';
import type { ProviderContext } from '../../context.ts';
import { ApiError } from '../../errors.ts';
import { OutboundError } from '../outbound.ts';
import { pemCertificate } from '../pem.ts';

/*
 * An identity provider's SAML metadata, read from the URL its admin console shows (Okta's
 * "Metadata URL", Entra ID's "App Federation Metadata Url", Google Workspace's download): what
 * a SAML connection needs of it. Fetched through the outbound guard (public addresses only,
 * one deadline, a size cap), parsed by xmldom, which resolves no external entity.
 */

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
/** Our sign-in request goes by redirect (HTTP-Redirect binding): the IdP's endpoint for it. */
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** What a SAML connection takes from the IdP's metadata. */
export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  /** The signing certificates, PEM, in the metadata's order (more than one while the IdP rotates its key). */
  certificates: string[];
}

const unreadable = (why: string) => new ApiError(400, 'saml_metadata_unreadable', `The identity provider's metadata could not be read: ${why}`);

/** Reads an IdP's metadata document; refuses one that lacks what a sign-in needs. */
export function readIdpMetadata(xml: string): IdpMetadata {
  let failure = '';
  const doc = new DOMParser({ errorHandler: { warning: () => undefined, error: (m) => void (failure ||= m), fatalError: (m) => void (failure ||= m) } }).parseFromString(xml, 'text/xml');
  if (failure || !doc.documentElement) throw unreadable('it is not XML.');
  const idp = doc.getElementsByTagNameNS(MD, 'IDPSSODescriptor')[0];
  if (!idp) throw unreadable('it describes no identity provider (no IDPSSODescriptor).');
  const entity = idp.parentNode as Element | null;
  const entityId = entity?.getAttribute('entityID') ?? '';
  if (!entityId) throw unreadable('it names no entity ID.');
  const sso = Array.from(idp.getElementsByTagNameNS(MD, 'SingleSignOnService')).find((s) => s.getAttribute('Binding') === REDIRECT_BINDING);
  const ssoUrl = sso?.getAttribute('Location') ?? '';
  if (!ssoUrl) throw unreadable('it has no sign-in URL for the HTTP-Redirect binding.');
  const certificates = Array.from(idp.getElementsByTagNameNS(MD, 'KeyDescriptor'))
    .filter((k) => k.getAttribute('use') !== 'encryption')
    .flatMap((k) => Array.from(k.getElementsByTagNameNS(DS, 'X509Certificate')))
    .map((c) => (c.textContent ?? '').trim())
    .filter(Boolean)
    .map(pemCertificate);
  if (certificates.length === 0) throw unreadable('it has no signing certificate.');
  return { entityId, ssoUrl, certificates };
}

/** Fetches and reads the metadata at `url`. */
export async function fetchIdpMetadata(ctx: ProviderContext, url: string): Promise<IdpMetadata> {
  if (!/^https?:\/\/\S+$/.test(url)) throw new ApiError(400, 'invalid_url', 'metadata_url must be an http(s) URL.');
  let res: Response;
  try {
    res = await ctx.outbound(url, { headers: { Accept: 'application/samlmetadata+xml, application/xml, text/xml' }, redirect: 'error' });
  } catch (e) {
    // The outbound guard's one message: the caller learns no more about the network than that.
    throw unreadable(e instanceof OutboundError ? e.message : 'it could not be fetched.');
  }
  if (res.status !== 200) throw unreadable(`it answered HTTP ${res.status}.`);
  return readIdpMetadata(await res.text());
}
