/** stytch-ui/server: the login element's first screen (and the consent element's first paint) as HTML, for server-rendered and static pages (Node). */
export { escapeAttribute, renderIdentityProviderMarkup, renderIdentityProviderToString, renderLoginMarkup, renderLoginToString, type ServerMarkup, type ServerRenderOptions } from './render.ts';
export { InvalidConfigError, InvalidStylesError } from '../errors.ts';
export type { StyleConfig } from '../../theme/index.ts';
