import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { newId, safeEqual, secretToken, sha256 } from '../ids.ts';
import { withTx } from '../tx.ts';
import { requireOrganization } from './organizations.ts';
import { checkGrantableRoles } from './org-roles.ts';
import { regrantAll } from './scim-roles.ts';

/*
 * An organization's SCIM connection (migration 4931): one per organization, as the hosted
 * provider allows. Its bearer token is shown once, when made, and kept only as a hash; a
 * rotation makes a next token that is accepted beside the current one (the grace period in
 * which the identity provider's admin swaps it in) until the rotation is completed (the next
 * token becomes the only one) or cancelled (the next token is forgotten).
 */

export interface GroupRole {
  group_id: string;
  role_id: string;
}

export interface ScimConnectionRow {
  connection_id: string;
  organization_id: string;
  display_name: string;
  identity_provider: string;
  token_hash: string;
  token_last_four: string;
  next_token_hash: string | null;
  next_token_last_four: string | null;
  next_token_created_at: Date | null;
  group_roles: GroupRole[];
  created_at: Date;
  updated_at: Date;
}

/** Where the identity provider sends its SCIM requests for this connection. */
export const scimBaseUrl = (base: string, connectionId: string) => `${base}/scim/v2/${connectionId}`;

const notFound = () => new ApiError(404, 'scim_connection_not_found', 'No SCIM connection with this id in the organization.');

/** A new bearer token and what is kept of it. */
function newToken(): { token: string; hash: string; lastFour: string } {
  const token = secretToken(32);
  return { token, hash: sha256(token), lastFour: token.slice(-4) };
}

/** The official `SCIMConnection` shape (no token, only its last four characters). */
async function scimConnectionShape(db: Queryable, row: ScimConnectionRow, base: string): Promise<Record<string, unknown>> {
  const names = await groupNames(
    db,
    row.connection_id,
    row.group_roles.map((g) => g.group_id),
  );
  return {
    organization_id: row.organization_id,
    connection_id: row.connection_id,
    status: 'active',
    display_name: row.display_name,
    identity_provider: row.identity_provider,
    base_url: scimBaseUrl(base, row.connection_id),
    bearer_token_last_four: row.token_last_four,
    bearer_token_expires_at: '',
    next_bearer_token_last_four: row.next_token_last_four ?? '',
    next_bearer_token_expires_at: '',
    scim_group_implicit_role_assignments: row.group_roles.map((g) => ({ role_id: g.role_id, group_id: g.group_id, group_name: names.get(g.group_id) ?? '' })),
  };
}

/** The official `SCIMConnectionWithToken` of a new connection: its token, this once. */
async function shapeWithToken(db: Queryable, row: ScimConnectionRow, base: string, token: string): Promise<Record<string, unknown>> {
  const { bearer_token_last_four: _, next_bearer_token_last_four: __, next_bearer_token_expires_at: ___, ...shape } = await scimConnectionShape(db, row, base);
  return { ...shape, bearer_token: token };
}

/** The official `SCIMConnectionWithNextToken` of a rotation's start: the next token, this once. */
async function shapeWithNextToken(db: Queryable, row: ScimConnectionRow, base: string, token: string): Promise<Record<string, unknown>> {
  const { next_bearer_token_last_four: _, ...shape } = await scimConnectionShape(db, row, base);
  return { ...shape, next_bearer_token: token };
}

async function groupNames(db: Queryable, connectionId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ group_id: string; display_name: string }>('SELECT group_id, display_name FROM b2b_scim_groups WHERE connection_id = $1 AND group_id = ANY($2::text[])', [
    connectionId,
    ids,
  ]);
  return new Map(rows.map((r) => [r.group_id, r.display_name]));
}

/**
 * Rewrites the organization's `scim_active_connection` (the official Organization's reference
 * to its connection, which the official SCIM portal reads) from `row`, or null when the
 * connection is gone (in the caller's transaction).
 */
async function refreshActiveScim(ctx: ProviderContext, tx: Queryable, organizationId: string, row: ScimConnectionRow | null): Promise<void> {
  const active = row ? JSON.stringify({ connection_id: row.connection_id, display_name: row.display_name, bearer_token_last_four: row.token_last_four }) : null;
  await tx.query('UPDATE b2b_organizations SET scim_active_connection = $2, updated_at = $3 WHERE organization_id = $1', [organizationId, active, ctx.clock.now()]);
}

/** The organization's connection, or null. */
export async function scimConnectionOf(db: Queryable, organizationId: string): Promise<ScimConnectionRow | null> {
  const { rows } = await db.query<ScimConnectionRow>('SELECT * FROM b2b_scim_connections WHERE organization_id = $1', [organizationId]);
  return rows[0] ?? null;
}

/** The organization's connection by id, or a 404 (another organization's id is not found). */
export async function requireScimConnection(db: Queryable, organizationId: string, connectionId: string, forUpdate = false): Promise<ScimConnectionRow> {
  const { rows } = await db.query<ScimConnectionRow>(`SELECT * FROM b2b_scim_connections WHERE connection_id = $1 AND organization_id = $2${forUpdate ? ' FOR UPDATE' : ''}`, [
    connectionId,
    organizationId,
  ]);
  if (!rows[0]) throw notFound();
  return rows[0];
}

/**
 * The connection a SCIM request's bearer token opens, or null. The token's hash is compared
 * with the current and the next token's in constant time; an unknown connection id costs the
 * same hash and answers the same null, so neither says which part was wrong.
 */
export async function connectionForToken(db: Queryable, connectionId: string, token: string): Promise<ScimConnectionRow | null> {
  const presented = sha256(token);
  const { rows } = await db.query<ScimConnectionRow>('SELECT * FROM b2b_scim_connections WHERE connection_id = $1', [connectionId]);
  const row = rows[0];
  const current = safeEqual(presented, row?.token_hash ?? sha256(''));
  const next = row?.next_token_hash ? safeEqual(presented, row.next_token_hash) : false;
  return row && (current || next) ? row : null;
}

/**
 * What every call about the connection answers, the browser's and the server API's alike: the
 * official shape under `connection`, its SCIM base URL on the provider's public `base`.
 */
export type ConnectionAnswer = Promise<{ connection: Record<string, unknown> }>;

/** The organization's connection (`{}` when it has none). */
export async function getScimConnection(db: Queryable, organizationId: string, base: string): Promise<{ connection?: Record<string, unknown> }> {
  const row = await scimConnectionOf(db, organizationId);
  return row ? { connection: await scimConnectionShape(db, row, base) } : {};
}

/** The organization's SCIM connection with a fresh token, shown to the caller this once. */
export async function createScimConnection(
  ctx: ProviderContext,
  organizationId: string,
  o: { display_name?: string | undefined; identity_provider?: string | undefined },
  base: string,
): ConnectionAnswer {
  const { row, token } = await withTx(ctx.db, async (tx) => {
    await requireOrganization(tx, organizationId, true);
    if (await scimConnectionOf(tx, organizationId)) {
      throw new ApiError(400, 'scim_connection_already_exists', 'The organization already has a SCIM connection: delete it before creating another.');
    }
    const t = newToken();
    const now = ctx.clock.now();
    const { rows } = await tx.query<ScimConnectionRow>(
      `INSERT INTO b2b_scim_connections (connection_id, organization_id, display_name, identity_provider, token_hash, token_last_four, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING *`,
      [newId('scim-connection', ctx.env), organizationId, o.display_name ?? '', o.identity_provider ?? 'generic', t.hash, t.lastFour, now],
    );
    await refreshActiveScim(ctx, tx, organizationId, rows[0]!);
    return { row: rows[0]!, token: t.token };
  });
  return { connection: await shapeWithToken(ctx.db, row, base, token) };
}

export interface ScimConnectionUpdate {
  display_name?: string | undefined;
  identity_provider?: string | undefined;
  scim_group_implicit_role_assignments?: Array<{ group_id: string; role_id: string }> | undefined;
}

/**
 * Changes the connection's names or its group-to-role mapping; a new mapping is applied at
 * once to every member the connection provisioned (their next session check sees it).
 */
export async function updateScimConnection(ctx: ProviderContext, organizationId: string, connectionId: string, u: ScimConnectionUpdate, base: string): ConnectionAnswer {
  const updated = await withTx(ctx.db, async (tx) => {
    const mapping = u.scim_group_implicit_role_assignments;
    // The mapping may name the organization's own roles: checked under its row lock, taken before the connection's.
    await checkGrantableRoles(
      ctx,
      tx,
      organizationId,
      mapping?.map((m) => m.role_id),
    );
    const row = await requireScimConnection(tx, organizationId, connectionId, true);
    if (mapping) {
      const known = await groupNames(
        tx,
        connectionId,
        mapping.map((m) => m.group_id),
      );
      const unknown = mapping.find((m) => !known.has(m.group_id));
      if (unknown) throw new ApiError(400, 'scim_group_not_found', `No SCIM group ${unknown.group_id} in this connection.`);
    }
    const { rows } = await tx.query<ScimConnectionRow>(
      `UPDATE b2b_scim_connections SET display_name = COALESCE($2, display_name), identity_provider = COALESCE($3, identity_provider),
         group_roles = COALESCE($4::jsonb, group_roles), updated_at = $5 WHERE connection_id = $1 RETURNING *`,
      [connectionId, u.display_name ?? null, u.identity_provider ?? null, mapping ? JSON.stringify(mapping.map((m) => ({ group_id: m.group_id, role_id: m.role_id }))) : null, ctx.clock.now()],
    );
    if (mapping) await regrantAll(ctx, tx, rows[0]!);
    await refreshActiveScim(ctx, tx, organizationId, rows[0] ?? row);
    return rows[0] ?? row;
  });
  return { connection: await scimConnectionShape(ctx.db, updated, base) };
}

/** Deletes the connection with its users and groups; the members it provisioned stay. */
export function deleteScimConnection(ctx: ProviderContext, organizationId: string, connectionId: string): Promise<void> {
  return withTx(ctx.db, async (tx) => {
    await requireScimConnection(tx, organizationId, connectionId, true);
    await tx.query('DELETE FROM b2b_scim_connections WHERE connection_id = $1', [connectionId]);
    await refreshActiveScim(ctx, tx, organizationId, null);
  });
}

/** Starts a rotation: a next token, shown this once, accepted beside the current one. */
export async function startTokenRotation(ctx: ProviderContext, organizationId: string, connectionId: string, base: string): ConnectionAnswer {
  const { row, token } = await withTx(ctx.db, async (tx) => {
    const row = await requireScimConnection(tx, organizationId, connectionId, true);
    if (row.next_token_hash) throw new ApiError(400, 'scim_token_rotation_in_progress', 'A token rotation is already in progress: complete or cancel it first.');
    const t = newToken();
    const { rows } = await tx.query<ScimConnectionRow>(
      'UPDATE b2b_scim_connections SET next_token_hash = $2, next_token_last_four = $3, next_token_created_at = $4, updated_at = $4 WHERE connection_id = $1 RETURNING *',
      [connectionId, t.hash, t.lastFour, ctx.clock.now()],
    );
    return { row: rows[0]!, token: t.token };
  });
  return { connection: await shapeWithNextToken(ctx.db, row, base, token) };
}

/** Ends a rotation: `complete` makes the next token the only one, `cancel` forgets it. */
export async function endTokenRotation(ctx: ProviderContext, organizationId: string, connectionId: string, how: 'complete' | 'cancel', base: string): ConnectionAnswer {
  const ended = await withTx(ctx.db, async (tx) => {
    const row = await requireScimConnection(tx, organizationId, connectionId, true);
    if (!row.next_token_hash) throw new ApiError(400, 'scim_token_rotation_not_started', 'No token rotation is in progress for this connection.');
    const promote = how === 'complete' ? 'token_hash = next_token_hash, token_last_four = next_token_last_four, ' : '';
    const { rows } = await tx.query<ScimConnectionRow>(
      `UPDATE b2b_scim_connections SET ${promote}next_token_hash = NULL, next_token_last_four = NULL, next_token_created_at = NULL, updated_at = $2
       WHERE connection_id = $1 RETURNING *`,
      [connectionId, ctx.clock.now()],
    );
    await refreshActiveScim(ctx, tx, organizationId, rows[0]!);
    return rows[0]!;
  });
  return { connection: await scimConnectionShape(ctx.db, ended, base) };
}

/** The official `SCIMGroup` rows of a connection, a page at a time (the cursor is the last group id). */
export async function connectionGroups(
  db: Queryable,
  organizationId: string,
  connectionId: string,
  o: { limit?: number | undefined; cursor?: string | undefined },
): Promise<{ scim_groups: Array<Record<string, unknown>>; next_cursor: string | null }> {
  await requireScimConnection(db, organizationId, connectionId);
  const limit = Math.min(Math.max(o.limit ?? 100, 1), 1000);
  const { rows } = await db.query<{ group_id: string; display_name: string }>(
    'SELECT group_id, display_name FROM b2b_scim_groups WHERE connection_id = $1 AND group_id > $2 ORDER BY group_id LIMIT $3',
    [connectionId, o.cursor ?? '', limit + 1],
  );
  const page = rows.slice(0, limit);
  return {
    scim_groups: page.map((g) => ({ group_id: g.group_id, group_name: g.display_name, organization_id: organizationId, connection_id: connectionId })),
    next_cursor: rows.length > limit ? page[page.length - 1]!.group_id : null,
  };
}
