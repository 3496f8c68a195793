import type { ApiContext } from '../api/context.ts';
import type { PKCEStore } from '../core/pkce.ts';
import type { B2BSessionManager } from './session.ts';

/** What every B2B namespace needs: the shared context with the B2B session manager and an SSO proof-key store. */
export interface B2BContext extends Omit<ApiContext<B2BSessionManager>, 'pkce'> {
  pkce: ApiContext['pkce'] & { sso: PKCEStore };
}

/** The intermediate session token this browser holds, as the official client sends it (omitted when none). */
export const ist = (ctx: B2BContext) => ctx.session.intermediate();

/** The proof-key challenge for a send, when bootstrap requires PKCE for that flow (one pair kept per flow). */
export async function challengeFor(store: PKCEStore, required: boolean): Promise<string | undefined> {
  if (!required) return undefined;
  return (store.get() ?? (await store.start())).code_challenge;
}
