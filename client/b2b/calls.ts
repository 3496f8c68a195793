/*
 * What a B2B client loads on first use (core/on-demand.ts): the line's request schemas with the
 * check that applies them, and the code of every namespace whose methods all wait on the
 * network. The session's, the organization's and the member's stay in the client's first load:
 * their getters answer at once.
 */
export { check, schemas } from '../schemas/checked-b2b-requests.ts';
export { b2bDiscovery } from './discovery.ts';
export { b2bMagicLinks } from './magic-links.ts';
export { b2bMfa } from './mfa.ts';
export { b2bEmailOtps } from './otps.ts';
export { b2bPasswords } from './passwords.ts';
export { b2bOAuth, b2bSso } from './sso.ts';
export { b2bIdp } from './idp.ts';
