import { call } from '../api/context.ts';
import type { BaseResponse } from '../session/types.ts';
import { checkB2BRequest } from './checks.ts';
import type { B2BContext } from './context.ts';

/** A SCIM connection of the organization (its token never, only its last four characters). */
export interface SCIMConnection {
  organization_id: string;
  connection_id: string;
  status: string;
  display_name: string;
  identity_provider: string;
  base_url: string;
  bearer_token_last_four: string;
  bearer_token_expires_at: string;
  next_bearer_token_last_four?: string;
  next_bearer_token_expires_at?: string | null;
  scim_group_implicit_role_assignments: { role_id: string; group_id: string; group_name?: string }[];
}

/** A group the identity provider pushed over the connection. */
export interface SCIMGroup {
  group_id: string;
  group_name: string;
  organization_id: string;
  connection_id: string;
}

type ConnectionAnswer = BaseResponse & { connection: SCIMConnection };

/** `scim`: the organization's SCIM connection and its bearer token, for admins (the provider decides by the member's roles). */
export function b2bScim(ctx: B2BContext) {
  const id = async (method: string, v: string) => encodeURIComponent(await checkB2BRequest(method, 'IdParam', v));
  return {
    /** Creates the connection; the answer carries its bearer token, shown this once. */
    createConnection: async (o: { display_name?: string; identity_provider?: string } = {}): Promise<BaseResponse & { connection: SCIMConnection & { bearer_token: string } }> =>
      call(ctx, { method: 'POST', path: '/b2b/scim', body: o }),
    updateConnection: async (o: {
      connection_id: string;
      display_name?: string;
      identity_provider?: string;
      scim_group_implicit_role_assignments?: { role_id: string; group_id: string }[];
    }): Promise<ConnectionAnswer> => call(ctx, { method: 'PUT', path: `/b2b/scim/${await id('stytch.scim.updateConnection', o.connection_id)}`, body: o }),
    deleteConnection: async (connectionId: string): Promise<BaseResponse & { connection_id: string }> =>
      call(ctx, { method: 'DELETE', path: `/b2b/scim/${await id('stytch.scim.deleteConnection', connectionId)}` }),
    /** The organization's connection (an organization has at most one). */
    getConnection: async (): Promise<BaseResponse & { connection: SCIMConnection | null }> => call(ctx, { method: 'GET', path: '/b2b/scim' }),
    getConnectionGroups: async (o: { cursor?: string; limit?: number } = {}): Promise<BaseResponse & { scim_groups: SCIMGroup[]; next_cursor: string | null }> =>
      call(ctx, { method: 'POST', path: '/b2b/scim/groups', body: o }),
    /** A second token beside the current one: both work until the rotation is completed or cancelled. */
    rotateStart: async (connectionId: string): Promise<BaseResponse & { connection: SCIMConnection & { next_bearer_token: string } }> =>
      call(ctx, { method: 'POST', path: '/b2b/scim/rotate/start', body: { connection_id: connectionId } }),
    rotateComplete: async (connectionId: string): Promise<ConnectionAnswer> => call(ctx, { method: 'POST', path: '/b2b/scim/rotate/complete', body: { connection_id: connectionId } }),
    rotateCancel: async (connectionId: string): Promise<ConnectionAnswer> => call(ctx, { method: 'POST', path: '/b2b/scim/rotate/cancel', body: { connection_id: connectionId } }),
  };
}
