import * as R from './b2b-requests.ts';
import * as P from './b2b-password-requests.ts';
import * as M from './b2b-mfa-sso-requests.ts';
import * as O from './b2b-start-options.ts';
import { B2BMemberSearch, IdParam } from './requests.ts';

/** What a B2B call's checks load on first use (core/on-demand.ts): the check, and the B2B line's schemas by name. */
export { check } from '../core/validate.ts';
export const schemas = { ...R, ...P, ...M, ...O, B2BMemberSearch, IdParam };
