/** Widget entry: defines the four elements and exports the mount functions. */
import './login/define.ts';
import './passkey-registration/define.ts';
import './reset-password/define.ts';
import './identity-provider/define.ts';

export { StytchLoginElement } from './login/element.ts';
export { StytchPasskeyRegistrationElement } from './passkey-registration/element.ts';
export { StytchResetPasswordElement } from './reset-password/element.ts';
export {
  StytchIdentityProviderElement,
  type AuthTokenParams,
  type IDPConsentManifestGenerator,
  type IDPConsentItem,
  type IDPConsentScreenManifest,
  type IDPConsentSection,
} from './identity-provider/element.ts';
export type { HostCallbacks } from './base/widget-element.ts';
export { InvalidAttributeError } from './base/properties.ts';
export { InvalidMountCallError, InvalidStylesError, MountTargetNotFoundError } from './errors.ts';
export { StytchErrorEvent, StytchEvent, type StytchEventDetail } from './events.ts';
export { mountIdentityProvider, mountLogin, mountPasskeyRegistration, mountResetPassword, type IdentityProviderMountOptions, type MountOptions, type ResetPasswordMountOptions } from './mount.ts';
export type { StyleConfig } from '../theme/index.ts';
