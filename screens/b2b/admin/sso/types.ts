/** The fields of a SAML or OIDC connection the SSO portal reads (the official SAMLConnection / OIDCConnection). */
export interface Connection {
  connection_id: string;
  display_name: string;
  identity_provider: string;
  status: string;
  attribute_mapping?: Record<string, string>;
  // SAML
  acs_url?: string;
  audience_uri?: string;
  idp_entity_id?: string;
  idp_sso_url?: string;
  verification_certificates?: { certificate_id: string; issuer?: string; expires_at?: string; created_at?: string }[];
  saml_connection_implicit_role_assignments?: { role_id: string }[];
  saml_group_implicit_role_assignments?: { role_id: string; group: string }[];
  // OIDC
  redirect_url?: string;
  issuer?: string;
  client_id?: string;
  authorization_url?: string;
  token_url?: string;
  userinfo_url?: string;
  jwks_url?: string;
  custom_scopes?: string;
}

export type Protocol = 'saml' | 'oidc';

/** An external connection as the official `ExternalConnection` lists it: another organization's connection, signed in through for this one. */
export interface ExternalConnection {
  connection_id: string;
  display_name: string;
  external_organization_id: string;
  external_connection_id: string;
}

/** A connection with the protocol its list named it by. */
export interface Listed {
  protocol: Protocol;
  connection: Connection;
}

/** The identity providers the portal has steps for; `generic` is any other. */
export const IDPS = ['okta', 'microsoft-entra', 'google-workspace', 'generic'] as const;
export type Idp = (typeof IDPS)[number];

export const idpOf = (v: string): Idp => ((IDPS as readonly string[]).includes(v) ? (v as Idp) : 'generic');

/** A connection as the client's SSO calls answer it (typed loosely there): the fields above, read as they came. */
export function asConnection(answer: Record<string, unknown>): Connection {
  const read: unknown = answer;
  return read as Connection;
}
