import { checksOnDemand } from '../core/checks-on-demand.ts';

/**
 * Checks a B2C call's arguments with a schema of `schemas/requests.ts`, loaded on first use. Its
 * own module, so that the B2B client, which shares ./context.ts, does not carry a chunk it never loads.
 */
export const checkRequest = checksOnDemand(() => import('../schemas/checked-requests.ts'));
