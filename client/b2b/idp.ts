import { B2B_IDP_PATHS, idpCalls, type B2BOAuthAuthorizeStartResponse } from '../api/idp.ts';
import type { B2BContext } from './context.ts';

/** The B2B client's `idp`: the member's consent calls, on the B2B paths. */
export const b2bIdp = (ctx: B2BContext) => idpCalls<B2BOAuthAuthorizeStartResponse>(ctx, B2B_IDP_PATHS);
