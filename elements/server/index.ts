/** stytch-ui/server: the login element's first screen (and the consent element's first paint, the consent screen itself when the site's server started it) as HTML, for server-rendered and static pages (Node). */
export {
  escapeAttribute,
  renderIdentityProviderMarkup,
  renderIdentityProviderToString,
  renderLoginMarkup,
  renderLoginToString,
  type IdentityProviderRenderOptions,
  type ServerMarkup,
  type ServerRenderOptions,
} from './render.ts';
export type { PrefetchedConsent } from '../../screens/idp/prefetched.ts';
export { InvalidConfigError, InvalidStylesError } from '../errors.ts';
export type { StyleConfig } from '../../theme/index.ts';
