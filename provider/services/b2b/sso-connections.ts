import { X509Certificate } from 'node:crypto';
import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { newId } from '../ids.ts';
import { pemCertificate } from '../pem.ts';
import { checkGrantableRoles } from './org-roles.ts';
import { pruneSsoRoles, type SamlRoleRules } from './sso-roles.ts';

/*
 * SSO connections of an organization (migration 16): SAML and OIDC, created empty by an admin
 * and completed with the identity provider's details. A connection is `active` once it has
 * what a sign-in needs, `pending` before.
 */

export type Protocol = 'saml' | 'oidc';

/** A verification certificate as the official `X509Certificate` type lists it. */
export interface StoredCertificate {
  certificate_id: string;
  certificate: string;
  issuer: string;
  created_at: string;
  expires_at: string;
  updated_at: string;
}

/** Each protocol's settings, by their wire names (an admin's update sets these and no others). */
const SAML_KEYS = ['idp_entity_id', 'idp_sso_url', 'attribute_mapping', 'saml_connection_implicit_role_assignments', 'saml_group_implicit_role_assignments'] as const;
const OIDC_KEYS = ['issuer', 'client_id', 'authorization_url', 'token_url', 'userinfo_url', 'jwks_url', 'custom_scopes', 'attribute_mapping'] as const;
const URL_KEYS = new Set(['idp_sso_url', 'issuer', 'authorization_url', 'token_url', 'userinfo_url', 'jwks_url']);

/** Protocol settings: strings, but the attribute mapping (claim or attribute names by our field) and the role rules. */
export type ConnectionSettings = {
  [K in Exclude<(typeof SAML_KEYS | typeof OIDC_KEYS)[number], 'attribute_mapping' | keyof SamlRoleRules>]?: string;
} & { attribute_mapping?: Record<string, string> } & SamlRoleRules;

export interface ConnectionRow {
  connection_id: string;
  organization_id: string;
  protocol: Protocol;
  display_name: string;
  identity_provider: string;
  settings: ConnectionSettings;
  client_secret: string | null;
  verification_certificates: StoredCertificate[];
  created_at: Date;
  updated_at: Date;
}

/** Where this provider is reached, for the URLs an IdP admin configures (ACS, redirect URL). */
export function providerBase(ctx: ProviderContext, requestUrl: string): string {
  return (ctx.config.publicUrl ?? new URL(requestUrl).origin).replace(/\/+$/, '');
}

/** The callback both protocols return to: SAML posts its response there, OIDC redirects with a code. */
export const callbackUrl = (base: string, connectionId: string) => `${base}/v1/public/sso/callback/${connectionId}`;
/** The SAML audience (SP entity ID) of a connection. */
export const audienceUri = (base: string, connectionId: string) => `${base}/v1/public/sso/saml/metadata/${connectionId}`;

export function isActive(row: ConnectionRow): boolean {
  const s = row.settings;
  return row.protocol === 'saml' ? !!(s.idp_entity_id && s.idp_sso_url && row.verification_certificates.length > 0) : !!(s.issuer && s.client_id && row.client_secret);
}

/** The official `SAMLConnection` / `OIDCConnection` shape (secrets are never sent back). */
export function connectionShape(row: ConnectionRow, base: string): Record<string, unknown> {
  const common = {
    organization_id: row.organization_id,
    connection_id: row.connection_id,
    status: isActive(row) ? 'active' : 'pending',
    display_name: row.display_name,
    identity_provider: row.identity_provider,
    attribute_mapping: row.settings.attribute_mapping ?? {},
  };
  const s = row.settings;
  if (row.protocol === 'saml') {
    return {
      ...common,
      idp_entity_id: s.idp_entity_id ?? '',
      idp_sso_url: s.idp_sso_url ?? '',
      acs_url: callbackUrl(base, row.connection_id),
      audience_uri: audienceUri(base, row.connection_id),
      signing_certificates: [],
      verification_certificates: row.verification_certificates,
      saml_connection_implicit_role_assignments: s.saml_connection_implicit_role_assignments ?? [],
      saml_group_implicit_role_assignments: s.saml_group_implicit_role_assignments ?? [],
      saml_encryption_private_keys: [],
    };
  }
  return {
    ...common,
    redirect_url: callbackUrl(base, row.connection_id),
    issuer: s.issuer ?? '',
    client_id: s.client_id ?? '',
    client_secret: '',
    authorization_url: s.authorization_url ?? '',
    token_url: s.token_url ?? '',
    userinfo_url: s.userinfo_url ?? '',
    jwks_url: s.jwks_url ?? '',
    custom_scopes: s.custom_scopes ?? '',
  };
}

/**
 * The organization's active connections: its own, then its external connections whose source is
 * active (services/b2b/sso-external.ts), named as the external connection and with the source's IdP.
 */
async function activeConnectionsOf(tx: Queryable, organizationId: string): Promise<Array<ReturnType<typeof activeConnectionShape>>> {
  const own = (await listConnections(tx, organizationId)).filter(isActive).map(activeConnectionShape);
  const { rows } = await tx.query<ConnectionRow & { external_id: string; external_name: string }>(
    `SELECT s.*, e.connection_id AS external_id, e.display_name AS external_name FROM b2b_sso_external_connections e
     JOIN b2b_sso_connections s ON s.connection_id = e.external_connection_id AND s.organization_id = e.external_organization_id
     WHERE e.organization_id = $1 ORDER BY e.created_at, e.connection_id`,
    [organizationId],
  );
  const external = rows.filter(isActive).map((r) => ({ ...activeConnectionShape(r), connection_id: r.external_id, display_name: r.external_name }));
  return [...own, ...external];
}

/**
 * Rewrites the organization's `sso_active_connections` from its connections (in the caller's
 * transaction), and those of the organizations whose external connections go through its own
 * (a source made active, pending or deleted changes theirs too).
 */
export async function refreshActiveConnections(ctx: ProviderContext, tx: Queryable, organizationId: string): Promise<void> {
  const { rows } = await tx.query<{ organization_id: string }>(
    'SELECT DISTINCT organization_id FROM b2b_sso_external_connections WHERE external_organization_id = $1 AND organization_id <> $1 ORDER BY organization_id',
    [organizationId],
  );
  for (const id of [organizationId, ...rows.map((r) => r.organization_id)]) {
    const active = await activeConnectionsOf(tx, id);
    await tx.query('UPDATE b2b_organizations SET sso_active_connections = $2, updated_at = $3 WHERE organization_id = $1', [id, JSON.stringify(active), ctx.clock.now()]);
  }
}

const notFound = () => new ApiError(404, 'connection_not_found', 'No SSO connection with this id in the organization.');

export async function createConnection(
  ctx: ProviderContext,
  tx: Queryable,
  organizationId: string,
  protocol: Protocol,
  o: { display_name?: string | undefined; identity_provider?: string | undefined },
): Promise<ConnectionRow> {
  const now = ctx.clock.now();
  const { rows } = await tx.query<ConnectionRow>(
    `INSERT INTO b2b_sso_connections (connection_id, organization_id, protocol, display_name, identity_provider, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING *`,
    [newId(`${protocol}-connection`, ctx.env), organizationId, protocol, o.display_name ?? '', o.identity_provider ?? 'generic', now],
  );
  await refreshActiveConnections(ctx, tx, organizationId);
  return rows[0]!;
}

/** One connection of the organization; another organization's id is not found (never leaked). */
export async function loadConnection(db: Queryable, organizationId: string, connectionId: string, forUpdate = false): Promise<ConnectionRow> {
  const { rows } = await db.query<ConnectionRow>(`SELECT * FROM b2b_sso_connections WHERE connection_id = $1 AND organization_id = $2${forUpdate ? ' FOR UPDATE' : ''}`, [
    connectionId,
    organizationId,
  ]);
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** A connection by id alone: the browser's sign-in start names only the connection. */
export async function connectionById(db: Queryable, connectionId: string): Promise<ConnectionRow | null> {
  const { rows } = await db.query<ConnectionRow>('SELECT * FROM b2b_sso_connections WHERE connection_id = $1', [connectionId]);
  return rows[0] ?? null;
}

export async function listConnections(db: Queryable, organizationId: string): Promise<ConnectionRow[]> {
  const { rows } = await db.query<ConnectionRow>('SELECT * FROM b2b_sso_connections WHERE organization_id = $1 ORDER BY created_at', [organizationId]);
  return rows;
}

/** Deletes a connection, and the roles it gave its members (a deleted connection's rules give nothing). */
export async function deleteConnection(ctx: ProviderContext, tx: Queryable, organizationId: string, connectionId: string): Promise<void> {
  const { rows } = await tx.query('DELETE FROM b2b_sso_connections WHERE connection_id = $1 AND organization_id = $2 RETURNING connection_id', [connectionId, organizationId]);
  if (!rows[0]) throw notFound();
  await pruneSsoRoles(ctx, tx, organizationId, connectionId, {});
  await refreshActiveConnections(ctx, tx, organizationId);
}

/**
 * Parses a certificate as the official type lists it: a PEM block, also as pasted into the
 * official portal's single-line field (its line breaks gone), or its bare base64 body;
 * anything else is a 400.
 */
function certificateOf(ctx: ProviderContext, pem: string, now: Date): StoredCertificate {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(pemCertificate(pem));
  } catch {
    throw new ApiError(400, 'invalid_x509_certificate', 'x509_certificate must be a PEM-encoded X.509 certificate.');
  }
  return {
    certificate_id: newId('saml-verification-certificate', ctx.env),
    certificate: cert.toString().trim(),
    issuer: cert.issuer.replace(/\n/g, ', '),
    created_at: now.toISOString(),
    expires_at: new Date(cert.validTo).toISOString(),
    updated_at: now.toISOString(),
  };
}

const isHttpUrl = (s: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(s).protocol);
  } catch {
    return false;
  }
};

export interface ConnectionUpdate extends ConnectionSettings {
  display_name?: string | undefined;
  identity_provider?: string | undefined;
  x509_certificate?: string | undefined;
  client_secret?: string | undefined;
}

/**
 * Applies an admin's update to a connection of `protocol` (a SAML id on the OIDC route is not
 * found). A new certificate is added before the others, so an IdP can rotate its key.
 */
export async function updateConnection(ctx: ProviderContext, tx: Queryable, organizationId: string, connectionId: string, protocol: Protocol, u: ConnectionUpdate): Promise<ConnectionRow> {
  // Role rules may name the organization's own roles: checked under its row lock, taken before the connection's.
  if (protocol === 'saml' && (u.saml_connection_implicit_role_assignments || u.saml_group_implicit_role_assignments))
    await checkGrantableRoles(
      ctx,
      tx,
      organizationId,
      [...(u.saml_connection_implicit_role_assignments ?? []), ...(u.saml_group_implicit_role_assignments ?? [])].map((a) => a.role_id),
    );
  const row = await loadConnection(tx, organizationId, connectionId, true);
  if (row.protocol !== protocol) throw notFound();
  const now = ctx.clock.now();
  const settings: ConnectionSettings = { ...row.settings };
  for (const key of protocol === 'saml' ? SAML_KEYS : OIDC_KEYS) {
    const value = u[key];
    if (value === undefined) continue;
    if (URL_KEYS.has(key) && value !== '' && !isHttpUrl(value as string)) throw new ApiError(400, 'invalid_url', `${key} must be an http(s) URL.`);
    (settings as Record<string, unknown>)[key] = value;
  }
  const certificates = u.x509_certificate && protocol === 'saml' ? [certificateOf(ctx, u.x509_certificate, now), ...row.verification_certificates] : row.verification_certificates;
  const secret = u.client_secret !== undefined && protocol === 'oidc' ? ctx.secrets.seal(u.client_secret, connectionId) : row.client_secret;
  const { rows } = await tx.query<ConnectionRow>(
    `UPDATE b2b_sso_connections SET display_name = $3, identity_provider = $4, settings = $5, verification_certificates = $6, client_secret = $7, updated_at = $8
     WHERE connection_id = $1 AND organization_id = $2 RETURNING *`,
    [connectionId, organizationId, u.display_name ?? row.display_name, u.identity_provider ?? row.identity_provider, JSON.stringify(settings), JSON.stringify(certificates), secret, now],
  );
  await refreshActiveConnections(ctx, tx, organizationId);
  if (protocol === 'saml' && (u.saml_connection_implicit_role_assignments || u.saml_group_implicit_role_assignments)) await pruneSsoRoles(ctx, tx, organizationId, connectionId, settings);
  return rows[0]!;
}

/** Removes one verification certificate of a SAML connection. */
export async function deleteCertificate(ctx: ProviderContext, tx: Queryable, organizationId: string, connectionId: string, certificateId: string): Promise<void> {
  const row = await loadConnection(tx, organizationId, connectionId, true);
  const left = row.verification_certificates.filter((c) => c.certificate_id !== certificateId);
  if (row.protocol !== 'saml' || left.length === row.verification_certificates.length) throw new ApiError(404, 'certificate_not_found', 'No such verification certificate on this connection.');
  await tx.query('UPDATE b2b_sso_connections SET verification_certificates = $2, updated_at = $3 WHERE connection_id = $1', [connectionId, JSON.stringify(left), ctx.clock.now()]);
  await refreshActiveConnections(ctx, tx, organizationId);
}

/** The SSOActiveConnection shape of the official types. */
export function activeConnectionShape(row: ConnectionRow): { connection_id: string; display_name: string; identity_provider: string } {
  return { connection_id: row.connection_id, display_name: row.display_name, identity_provider: row.identity_provider };
}

/**
 * The active connections an address may sign in with: those of the organizations it is a
 * member of (active or invited), for SSO discovery; then their external connections, each as
 * its source connection under the external connection's id and name (the sign-in starts by it).
 */
export async function connectionsForEmail(db: Queryable, email: string): Promise<ConnectionRow[]> {
  const address = email.trim().toLowerCase();
  const { rows } = await db.query<ConnectionRow>(
    `SELECT c.* FROM b2b_sso_connections c JOIN b2b_members m ON m.organization_id = c.organization_id
     WHERE m.email_address = $1 AND m.status IN ('active', 'invited') ORDER BY c.created_at`,
    [address],
  );
  const { rows: external } = await db.query<ConnectionRow & { external_id: string; external_name: string }>(
    `SELECT c.*, e.connection_id AS external_id, e.display_name AS external_name FROM b2b_sso_external_connections e
     JOIN b2b_sso_connections c ON c.connection_id = e.external_connection_id AND c.organization_id = e.external_organization_id
     JOIN b2b_members m ON m.organization_id = e.organization_id
     WHERE m.email_address = $1 AND m.status IN ('active', 'invited') ORDER BY e.created_at`,
    [address],
  );
  const through = external.filter(isActive).map(({ external_id, external_name, ...source }) => ({ ...source, connection_id: external_id, display_name: external_name || source.display_name }));
  return [...rows.filter(isActive), ...through];
}
