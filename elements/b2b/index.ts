/** B2B widget entry (`stytch-ui/b2b`): defines `<stytch-b2b-ui>` and exports `mountB2B`; the B2C entry does not carry it. */
import type { B2BClient } from '../../client/b2b/client.ts';
import { mount, setIdpProps, type IdentityProviderMountOptions, type MountOptions } from '../mount.ts';
import type { AuthTokenParams } from '../identity-provider/element.ts';
import { StytchB2BIdentityProviderElement } from './identity-provider.ts';
import { StytchB2BElement } from './define.ts';

export { StytchB2BElement, StytchB2BIdentityProviderElement };
export type { AuthTokenParams, IDPConsentManifestGenerator as B2BIDPConsentManifestGenerator, IDPConsentItem, IDPConsentScreenManifest, IDPConsentSection } from '../identity-provider/element.ts';
export { resolveB2BConfig, type B2BConfig } from '../../screens/b2b/config.ts';
export { B2BMFAProducts, B2BProducts } from './names.ts';
export { StytchErrorEvent, StytchEvent, type StytchEventDetail } from '../events.ts';
export { InvalidMountCallError, MountTargetNotFoundError } from '../errors.ts';

/** Options of `mountB2B`: those of every mount function, with a B2B client. */
export type B2BMountOptions = MountOptions<B2BClient>;

/** Renders the B2B widget into the element `elementId` selects; again re-renders it. */
export function mountB2B(options: B2BMountOptions): StytchB2BElement {
  return mount<StytchB2BElement, B2BClient>('stytch-b2b-ui', 'mountB2B', options);
}

// The admin portal's four elements and mount functions (their screens load on demand).
export {
  mountAdminPortalMemberManagement,
  mountAdminPortalOrgSettings,
  mountAdminPortalSCIM,
  mountAdminPortalSSO,
  StytchAdminPortalMemberManagementElement,
  StytchAdminPortalOrgSettingsElement,
  StytchAdminPortalSCIMElement,
  StytchAdminPortalSSOElement,
  type AdminPortalMountOptions,
} from './admin-portal.ts';

/** Options of the B2B consent element's mount function: the official B2B name of the token's params as well. */
export type B2BIdentityProviderMountOptions = IdentityProviderMountOptions<B2BClient> & { trustedAuthTokenParams?: AuthTokenParams };

/** Renders the B2B consent screen (or the logout) for the authorization request on the page's query (the official B2B entry's name). */
export function mountIdentityProvider(options: B2BIdentityProviderMountOptions): StytchB2BIdentityProviderElement {
  return mount<StytchB2BIdentityProviderElement, B2BClient>('stytch-b2b-identity-provider', 'mountIdentityProvider', options, (el) => {
    setIdpProps(el, options);
    el.trustedAuthTokenParams = options.trustedAuthTokenParams;
  });
}

/** `mountIdentityProvider` of this entry, by a name that cannot be taken for the B2C one. */
export const mountB2BIdentityProvider = mountIdentityProvider;
