import { checksOnDemand, onDemand } from '../core/on-demand.ts';

/**
 * The B2B line's part loaded on first use (./calls.ts), and the check of a call's arguments with
 * one of its schemas (schemas/checked-b2b-requests.ts), for the namespaces that stay in the
 * client's first load (./members.ts).
 */
export const b2bCalls = onDemand(() => import('./calls.ts'));
export const checkB2BRequest = checksOnDemand(b2bCalls.get);
