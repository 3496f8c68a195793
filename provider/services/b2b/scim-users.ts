import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ScimError } from '../../errors.ts';
import { newId } from '../ids.ts';
import { withTx } from '../tx.ts';
import { normalizeEmail } from '../users.ts';
import { createMember, deactivateMember, memberByEmail, requireAddressFree, updateMember } from './members.ts';
import type { ScimConnectionRow } from './scim-connections.ts';
import { USER_SCHEMA } from './scim-documents.ts';
import { applyPatch, type PatchOperation, type Resource } from './scim-patch.ts';
import { project, readUser, userSchemas, type UserInput } from './scim-resources.ts';
import { mappingOf, regrant } from './scim-roles.ts';
import { claimScimName, listScimRows, loadScimRow, scimMeta, type ScimListQuery, type ScimTable } from './scim-tables.ts';

/*
 * SCIM Users of a connection. A user that is active is a member of the connection's
 * organization: made, or found by its address, when provisioned; its address and name follow
 * the user's. A user made inactive (`active: false`) has its member deactivated at once, as an
 * admin deactivates one (status `deleted`: sessions, factors and roles gone), so no sign-in of
 * any kind admits it; made active again, it is the same member again (same id, its roles from
 * its groups). Deleting the user deactivates its member the same way, so an admin can still
 * reactivate it. Its resource (attributes as the identity provider sent them) stays with the user.
 */

export interface ScimUserRow {
  scim_user_id: string;
  connection_id: string;
  member_id: string | null;
  user_name: string;
  external_id: string | null;
  active: boolean;
  attributes: Resource;
  version: number;
  created_at: Date;
  updated_at: Date;
}

const USERS: ScimTable = { table: 'b2b_scim_users', idColumn: 'scim_user_id', nameColumn: 'user_name', nameAttribute: 'userName', resourceType: 'User', path: 'Users' };

/** The user's answer: its attributes, its groups and the service's own fields. */
function userShape(row: ScimUserRow, groups: Array<{ group_id: string; display_name: string }>, base: string): Resource {
  return {
    schemas: userSchemas(row.attributes, USER_SCHEMA),
    id: row.scim_user_id,
    ...row.attributes,
    userName: row.user_name,
    ...(row.external_id !== null ? { externalId: row.external_id } : {}),
    active: row.active,
    groups: groups.map((g) => ({ value: g.group_id, display: g.display_name, $ref: `${base}/Groups/${g.group_id}` })),
    meta: scimMeta(USERS, row.scim_user_id, row, base),
  };
}

/** The groups of each user, by user id. */
async function groupsOf(db: Queryable, ids: string[]): Promise<Map<string, Array<{ group_id: string; display_name: string }>>> {
  const out = new Map<string, Array<{ group_id: string; display_name: string }>>();
  if (ids.length === 0) return out;
  const { rows } = await db.query<{ scim_user_id: string; group_id: string; display_name: string }>(
    `SELECT m.scim_user_id, g.group_id, g.display_name FROM b2b_scim_group_members m JOIN b2b_scim_groups g ON g.group_id = m.group_id
     WHERE m.scim_user_id = ANY($1::text[]) ORDER BY g.display_name`,
    [ids],
  );
  for (const r of rows) out.set(r.scim_user_id, [...(out.get(r.scim_user_id) ?? []), r]);
  return out;
}

async function shapeOne(db: Queryable, row: ScimUserRow, base: string): Promise<Resource> {
  return userShape(row, (await groupsOf(db, [row.scim_user_id])).get(row.scim_user_id) ?? [], base);
}

const loadUser = (db: Queryable, conn: ScimConnectionRow, id: string, forUpdate = false) => loadScimRow<ScimUserRow>(db, USERS, conn, id, forUpdate);
const claimUserName = (tx: Queryable, conn: ScimConnectionRow, userName: string, self: string | null) => claimScimName(tx, USERS, conn, userName, self);

/** Brings the user's member in line with the user (in the caller's transaction); answers its member id. */
async function syncMember(ctx: ProviderContext, tx: Queryable, conn: ScimConnectionRow, memberId: string | null, self: string | null, u: UserInput): Promise<string | null> {
  const org = conn.organization_id;
  const now = ctx.clock.now();
  if (!u.active) {
    if (memberId) await deactivateMember(tx, memberId, now);
    return memberId;
  }
  const holder = await memberByEmail(tx, org, u.email, true);
  if (holder && holder.member_id !== memberId) {
    const { rows } = await tx.query('SELECT 1 FROM b2b_scim_users WHERE member_id = $1 AND scim_user_id IS DISTINCT FROM $2', [holder.member_id, self]);
    if (rows[0] || memberId) throw new ScimError(409, 'uniqueness', 'Another member of the organization has this email address.');
    // An address already a member (an admin who signed up first, one invited, one deactivated
    // before) is that member, now provisioned and active.
    await updateMember(tx, holder.member_id, now, { name: u.name || holder.name });
    await makeActive(tx, holder.member_id, now);
    return holder.member_id;
  }
  if (!memberId) return (await createMember(tx, ctx.env, now, org, { email: u.email, status: 'active', name: u.name })).member_id;
  // An address another member retired or is moving to is not the identity provider's to give (members.ts).
  await requireAddressFree(tx, org, u.email, memberId, now);
  await tx.query('UPDATE b2b_members SET email_address = $2, updated_at = $3 WHERE member_id = $1 AND email_address <> $2', [memberId, normalizeEmail(u.email), now]);
  await updateMember(tx, memberId, now, { name: u.name });
  await makeActive(tx, memberId, now);
  return memberId;
}

/** The identity provider vouches for an active user: its member is active, whatever it was. */
async function makeActive(tx: Queryable, memberId: string, now: Date): Promise<void> {
  await tx.query(`UPDATE b2b_members SET status = 'active', updated_at = $2 WHERE member_id = $1 AND status <> 'active'`, [memberId, now]);
}

async function store(tx: Queryable, id: string, u: UserInput, memberId: string | null, now: Date): Promise<ScimUserRow> {
  const { rows } = await tx.query<ScimUserRow>(
    `UPDATE b2b_scim_users SET user_name = $2, external_id = $3, active = $4, attributes = $5, member_id = $6,
       version = version + 1, updated_at = $7
     WHERE scim_user_id = $1 RETURNING *`,
    [id, u.userName, u.externalId, u.active, JSON.stringify(u.attributes), memberId, now],
  );
  return rows[0]!;
}

/** POST /Users: a new user (409 `uniqueness` for a userName the connection has). */
export async function createScimUser(ctx: ProviderContext, conn: ScimConnectionRow, body: unknown, base: string): Promise<Resource> {
  const u = readUser(body);
  return withTx(ctx.db, async (tx) => {
    await claimUserName(tx, conn, u.userName, null);
    const now = ctx.clock.now();
    const id = newId('scim-user', ctx.env);
    await tx.query(
      `INSERT INTO b2b_scim_users (scim_user_id, connection_id, user_name, external_id, active, attributes, version, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $7)`,
      [id, conn.connection_id, u.userName, u.externalId, u.active, JSON.stringify(u.attributes), now],
    );
    const memberId = await syncMember(ctx, tx, conn, null, id, u);
    const row = await store(tx, id, u, memberId, now);
    if (memberId) await regrant(ctx, tx, await mappingOf(tx, conn.connection_id), id);
    return shapeOne(tx, row, base);
  });
}

/** PUT /Users/{id}: the user replaced by the resource sent. */
export function replaceScimUser(ctx: ProviderContext, conn: ScimConnectionRow, id: string, body: unknown, base: string): Promise<Resource> {
  const u = readUser(body);
  return withTx(ctx.db, (tx) => rewrite(ctx, tx, conn, id, () => u, base));
}

/** PATCH /Users/{id}: the operations applied to the user's resource, which must still be a valid User. */
export function patchScimUser(ctx: ProviderContext, conn: ScimConnectionRow, id: string, ops: PatchOperation[], base: string): Promise<Resource> {
  return withTx(ctx.db, (tx) =>
    rewrite(
      ctx,
      tx,
      conn,
      id,
      (row) => readUser(applyPatch({ ...row.attributes, userName: row.user_name, ...(row.external_id !== null ? { externalId: row.external_id } : {}), active: row.active }, ops)),
      base,
    ),
  );
}

async function rewrite(ctx: ProviderContext, tx: Queryable, conn: ScimConnectionRow, id: string, next: (row: ScimUserRow) => UserInput, base: string): Promise<Resource> {
  const row = await loadUser(tx, conn, id, true);
  const u = next(row);
  if (u.userName.toLowerCase() !== row.user_name.toLowerCase()) await claimUserName(tx, conn, u.userName, id);
  const memberId = await syncMember(ctx, tx, conn, row.member_id, id, u);
  const saved = await store(tx, id, u, memberId, ctx.clock.now());
  if (memberId) await regrant(ctx, tx, await mappingOf(tx, conn.connection_id), id);
  return shapeOne(tx, saved, base);
}

/** DELETE /Users/{id}: the user goes and its member is deactivated (its sessions end with it). */
export function deleteScimUser(ctx: ProviderContext, conn: ScimConnectionRow, id: string): Promise<void> {
  return withTx(ctx.db, async (tx) => {
    const row = await loadUser(tx, conn, id, true);
    if (row.member_id) await deactivateMember(tx, row.member_id, ctx.clock.now());
    await tx.query('DELETE FROM b2b_scim_users WHERE scim_user_id = $1', [id]);
  });
}

/** GET /Users/{id}. */
export async function getScimUser(db: Queryable, conn: ScimConnectionRow, id: string, base: string, q: Parameters<typeof project>[1]): Promise<Resource> {
  return project(await shapeOne(db, await loadUser(db, conn, id), base), q);
}

/** GET /Users: filtered (`userName eq`, `externalId eq` by index; any other filter against each user), paged. */
export function listScimUsers(db: Queryable, conn: ScimConnectionRow, q: ScimListQuery, base: string): Promise<Resource> {
  return listScimRows<ScimUserRow>(db, USERS, conn, q, async (rows) => {
    const groups = await groupsOf(
      db,
      rows.map((r) => r.scim_user_id),
    );
    return rows.map((r) => userShape(r, groups.get(r.scim_user_id) ?? [], base));
  });
}
