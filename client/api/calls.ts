/*
 * What a B2C client loads on first use (core/on-demand.ts): the request schemas with the check
 * that applies them, and the code of every namespace whose methods all wait on the network
 * anyway (the phone page's is a chunk of its own, client.ts). The session's and the user's stay
 * in the client's first load: their getters answer at once; so do the WebAuthn support checks.
 */
export { check } from '../core/validate.ts';
export * as schemas from '../schemas/requests.ts';
export { magicLinks } from './magic-links.ts';
export { otps } from './otps.ts';
export { oauth } from './oauth.ts';
export { passwords } from './passwords.ts';
export { webauthn } from './webauthn.ts';
export { cryptoWallets, search, totps } from './factors.ts';
export { idp } from './idp.ts';
