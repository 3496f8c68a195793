/** What a B2C call's checks load on first use (core/checks-on-demand.ts): the request schemas and the check that applies them. */
export { check } from '../core/validate.ts';
export * as schemas from './requests.ts';
