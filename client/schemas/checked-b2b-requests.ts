import * as R from './b2b-requests.ts';
import * as P from './b2b-password-requests.ts';
import * as M from './b2b-mfa-sso-requests.ts';
import * as O from './b2b-start-options.ts';
import { B2BMemberSearch, IdParam } from './requests.ts';

/** The B2B line's schemas by name and the check: what its calls check with, loaded with them on first use (b2b/calls.ts). */
export { check } from '../core/validate.ts';
export const schemas = { ...R, ...P, ...M, ...O, B2BMemberSearch, IdParam };
