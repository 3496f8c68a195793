import type * as R from '../schemas/b2b-requests.ts';
import { authenticate, call } from '../api/context.ts';
import type { BaseResponse } from '../session/types.ts';
import type { CallerOptions } from '../schemas/requests.ts';
import { check, schemas } from '../schemas/checked-b2b-requests.ts';
import { type B2BContext, ist } from './context.ts';
import type { B2BAuthenticateResponse, DiscoveredOrganization } from './types.ts';

export type B2BDiscoveryOrganizationsCreateOptions = CallerOptions<typeof R.DiscoveryOrganizationsCreate, 'intermediate_session_token'>;

/** `discovery`: what the intermediate session of a discovery sign-in may enter, create or exchange for. */
export function b2bDiscovery(ctx: B2BContext) {
  return {
    organizations: {
      /** The organizations the address (from the intermediate session, or the member session) may enter. */
      list: async (): Promise<BaseResponse & { email_address: string; discovered_organizations: DiscoveredOrganization[]; organization_id_hint: string | null }> =>
        call(ctx, { method: 'POST', path: '/b2b/discovery/organizations', body: { intermediate_session_token: ist(ctx) } }),
      /** Creates an organization with the signed-in address as its admin (when the project allows). */
      async create(o: B2BDiscoveryOrganizationsCreateOptions): Promise<B2BAuthenticateResponse> {
        const body = check('stytch.discovery.organizations.create', schemas.DiscoveryOrganizationsCreate, o);
        return authenticate(ctx, '/b2b/discovery/organizations/create', { ...body, intermediate_session_token: ist(ctx) });
      },
    },
    intermediateSessions: {
      /** Spends the intermediate session on a member session in the chosen organization. */
      async exchange(o: { organization_id: string; session_duration_minutes: number; locale?: string }): Promise<B2BAuthenticateResponse> {
        const body = check('stytch.discovery.intermediateSessions.exchange', schemas.DiscoveryIntermediateSessionsExchange, o);
        return authenticate(ctx, '/b2b/discovery/intermediate_sessions/exchange', { ...body, intermediate_session_token: ist(ctx) });
      },
    },
  };
}
