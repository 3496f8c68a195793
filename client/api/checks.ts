import { checksOnDemand, onDemand } from '../core/on-demand.ts';

/**
 * The B2C line's part loaded on first use (./calls.ts), and the check of a call's arguments with
 * one of its schemas. Their own module, so that the B2B client, which shares ./context.ts, does
 * not carry a chunk it never loads.
 */
export const calls = onDemand(() => import('./calls.ts'));
export const checkRequest = checksOnDemand(calls.get);
