import { atom } from 'jotai';
import type { DiscoveredOrganization } from '../../../client/b2b/types.ts';

/** An organization's active SSO connection (`SSOActiveConnection` of the official types). */
export interface SsoConnection {
  connection_id: string;
  display_name: string;
  identity_provider: string;
}

/** An organization's `sso_active_connections`, read defensively (an older answer may lack them). */
export function activeConnections(organization: Record<string, unknown> | undefined): SsoConnection[] {
  const list = organization?.sso_active_connections;
  return Array.isArray(list) ? (list as SsoConnection[]).filter((c) => typeof c?.connection_id === 'string') : [];
}

/** The connections SSO Discovery Email found for the address, listed by SSO Discovery Menu. */
export const ssoDiscoveryConnectionsAtom = atom<SsoConnection[]>([]);

/**
 * A discovered organization that takes its members only through SSO (`primary_required` with
 * `sso` alone) and names a default connection: the official UI starts that connection at
 * once instead of entering the organization. Its id, else undefined.
 */
export function ssoOnlyConnection(d: DiscoveredOrganization): string | undefined {
  const allowed = d.primary_required?.allowed_auth_methods;
  const id = d.organization.sso_default_connection_id;
  return allowed?.length === 1 && allowed[0] === 'sso' && typeof id === 'string' && id ? id : undefined;
}
