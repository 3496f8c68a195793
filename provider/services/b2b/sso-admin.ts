import type { ProviderContext } from '../../context.ts';
import { certificateBody } from '../pem.ts';
import { withTx } from '../tx.ts';
import { fetchIdpMetadata } from './saml-metadata.ts';
import { createExternalConnection, deleteExternalConnection, updateExternalConnection, type ExternalConnectionRow, type ExternalCreate, type ExternalUpdate } from './sso-external.ts';
import { createConnection, deleteCertificate, deleteConnection, updateConnection, type ConnectionRow, type ConnectionUpdate, type Protocol } from './sso-connections.ts';

/*
 * An organization's SSO connections as both APIs change them (the browser's admin calls, the
 * server API's), each change in a transaction of its own with the organization's list of
 * active connections kept in step (services/b2b/sso-connections.ts).
 */

/** A new connection of `protocol`, not yet configured. */
export function addConnection(ctx: ProviderContext, organizationId: string, protocol: Protocol, o: Parameters<typeof createConnection>[4]): Promise<ConnectionRow> {
  return withTx(ctx.db, (tx) => createConnection(ctx, tx, organizationId, protocol, o));
}

/** An admin's update to a connection of `protocol`. */
export function changeConnection(ctx: ProviderContext, organizationId: string, connectionId: string, protocol: Protocol, u: ConnectionUpdate): Promise<ConnectionRow> {
  return withTx(ctx.db, (tx) => updateConnection(ctx, tx, organizationId, connectionId, protocol, u));
}

/**
 * Sets a SAML connection's IdP settings from the IdP's metadata URL: its entity ID, its sign-in
 * URL and each signing certificate the connection does not hold yet (fetched before the
 * transaction: an outside server's deadline is no time to hold the connection's row).
 */
export async function changeConnectionByUrl(ctx: ProviderContext, organizationId: string, connectionId: string, metadataUrl: string): Promise<ConnectionRow> {
  const meta = await fetchIdpMetadata(ctx, metadataUrl);
  return withTx(ctx.db, async (tx) => {
    let row = await updateConnection(ctx, tx, organizationId, connectionId, 'saml', { idp_entity_id: meta.entityId, idp_sso_url: meta.ssoUrl });
    const held = new Set(row.verification_certificates.map((c) => certificateBody(c.certificate)));
    // Added last to first, so the metadata's first certificate ends first, as the IdP lists them.
    for (const pem of [...meta.certificates].reverse()) {
      if (!held.has(certificateBody(pem))) row = await updateConnection(ctx, tx, organizationId, connectionId, 'saml', { x509_certificate: pem });
    }
    return row;
  });
}

/** Deletes a connection of the organization: an external one, or a SAML or OIDC one (the one delete route takes either id). */
export function removeConnection(ctx: ProviderContext, organizationId: string, connectionId: string): Promise<void> {
  return withTx(ctx.db, async (tx) => {
    if (!(await deleteExternalConnection(ctx, tx, organizationId, connectionId))) await deleteConnection(ctx, tx, organizationId, connectionId);
  });
}

/** A new external connection through another organization's connection (services/b2b/sso-external.ts). */
export function addExternalConnection(ctx: ProviderContext, organizationId: string, o: ExternalCreate): Promise<ExternalConnectionRow> {
  return withTx(ctx.db, (tx) => createExternalConnection(ctx, tx, organizationId, o));
}

/** An admin's update to an external connection: its name and role rules. */
export function changeExternalConnection(ctx: ProviderContext, organizationId: string, connectionId: string, u: ExternalUpdate): Promise<ExternalConnectionRow> {
  return withTx(ctx.db, (tx) => updateExternalConnection(ctx, tx, organizationId, connectionId, u));
}

/** Removes one verification certificate of a SAML connection. */
export function removeCertificate(ctx: ProviderContext, organizationId: string, connectionId: string, certificateId: string): Promise<void> {
  return withTx(ctx.db, (tx) => deleteCertificate(ctx, tx, organizationId, connectionId, certificateId));
}
