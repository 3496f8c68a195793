import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ScimError } from '../../errors.ts';
import { newId } from '../ids.ts';
import { withTx } from '../tx.ts';
import type { ScimConnectionRow } from './scim-connections.ts';
import { GROUP_SCHEMA } from './scim-documents.ts';
import { applyPatch, type PatchOperation, type Resource } from './scim-patch.ts';
import { project, readGroup, type GroupInput } from './scim-resources.ts';
import { mappingOf, regrantUsers } from './scim-roles.ts';
import { claimScimName, listScimRows, loadScimRow, scimMeta, type ScimListQuery, type ScimTable } from './scim-tables.ts';

/*
 * SCIM Groups of a connection: a name and members (users of the same connection). Whenever a
 * group's members change, or the group goes, the roles its membership gives (the connection's
 * group-to-role mapping) are given or taken back at once (services/b2b/scim-roles.ts).
 */

interface GroupRow {
  group_id: string;
  connection_id: string;
  display_name: string;
  external_id: string | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}

const GROUPS: ScimTable = { table: 'b2b_scim_groups', idColumn: 'group_id', nameColumn: 'display_name', nameAttribute: 'displayName', resourceType: 'Group', path: 'Groups' };

async function membersOf(db: Queryable, ids: string[]): Promise<Map<string, Array<{ scim_user_id: string; user_name: string }>>> {
  const out = new Map<string, Array<{ scim_user_id: string; user_name: string }>>();
  if (ids.length === 0) return out;
  const { rows } = await db.query<{ group_id: string; scim_user_id: string; user_name: string }>(
    `SELECT m.group_id, u.scim_user_id, u.user_name FROM b2b_scim_group_members m JOIN b2b_scim_users u ON u.scim_user_id = m.scim_user_id
     WHERE m.group_id = ANY($1::text[]) ORDER BY u.user_name`,
    [ids],
  );
  for (const r of rows) out.set(r.group_id, [...(out.get(r.group_id) ?? []), r]);
  return out;
}

function groupShape(row: GroupRow, members: Array<{ scim_user_id: string; user_name: string }>, base: string): Resource {
  return {
    schemas: [GROUP_SCHEMA],
    id: row.group_id,
    displayName: row.display_name,
    ...(row.external_id !== null ? { externalId: row.external_id } : {}),
    members: members.map((m) => ({ value: m.scim_user_id, display: m.user_name, $ref: `${base}/Users/${m.scim_user_id}` })),
    meta: scimMeta(GROUPS, row.group_id, row, base),
  };
}

async function shapeOne(db: Queryable, row: GroupRow, base: string): Promise<Resource> {
  return groupShape(row, (await membersOf(db, [row.group_id])).get(row.group_id) ?? [], base);
}

const loadGroup = (db: Queryable, conn: ScimConnectionRow, id: string, forUpdate = false) => loadScimRow<GroupRow>(db, GROUPS, conn, id, forUpdate);
const claimName = (tx: Queryable, conn: ScimConnectionRow, name: string, self: string | null) => claimScimName(tx, GROUPS, conn, name, self);

/** Sets the group's members (users of the connection only) and regrants the users who joined or left. */
async function setMembers(ctx: ProviderContext, tx: Queryable, conn: ScimConnectionRow, groupId: string, members: string[]): Promise<void> {
  const { rows: known } = await tx.query<{ scim_user_id: string }>('SELECT scim_user_id FROM b2b_scim_users WHERE connection_id = $1 AND scim_user_id = ANY($2::text[])', [
    conn.connection_id,
    members,
  ]);
  const unknown = members.find((m) => !known.some((k) => k.scim_user_id === m));
  if (unknown !== undefined) throw new ScimError(400, 'invalidValue', `No User ${JSON.stringify(unknown.slice(0, 100))} in this SCIM connection to be a member.`);
  const { rows: before } = await tx.query<{ scim_user_id: string }>('DELETE FROM b2b_scim_group_members WHERE group_id = $1 RETURNING scim_user_id', [groupId]);
  if (members.length > 0) {
    await tx.query('INSERT INTO b2b_scim_group_members (group_id, scim_user_id) SELECT $1, u FROM unnest($2::text[]) AS u', [groupId, members]);
  }
  const was = new Set(before.map((r) => r.scim_user_id));
  const changed = [...members.filter((m) => !was.has(m)), ...[...was].filter((m) => !members.includes(m))];
  await regrantUsers(ctx, tx, await mappingOf(tx, conn.connection_id), changed);
}

async function save(ctx: ProviderContext, tx: Queryable, conn: ScimConnectionRow, row: GroupRow, g: GroupInput, base: string): Promise<Resource> {
  if (g.displayName.toLowerCase() !== row.display_name.toLowerCase()) await claimName(tx, conn, g.displayName, row.group_id);
  const { rows } = await tx.query<GroupRow>('UPDATE b2b_scim_groups SET display_name = $2, external_id = $3, version = version + 1, updated_at = $4 WHERE group_id = $1 RETURNING *', [
    row.group_id,
    g.displayName,
    g.externalId,
    ctx.clock.now(),
  ]);
  await setMembers(ctx, tx, conn, row.group_id, g.members);
  return shapeOne(tx, rows[0]!, base);
}

/** POST /Groups. */
export function createScimGroup(ctx: ProviderContext, conn: ScimConnectionRow, body: unknown, base: string): Promise<Resource> {
  const g = readGroup(body);
  return withTx(ctx.db, async (tx) => {
    await claimName(tx, conn, g.displayName, null);
    const { rows } = await tx.query<GroupRow>(
      `INSERT INTO b2b_scim_groups (group_id, connection_id, display_name, external_id, version, created_at, updated_at) VALUES ($1, $2, $3, $4, 1, $5, $5) RETURNING *`,
      [newId('scim-group', ctx.env), conn.connection_id, g.displayName, g.externalId, ctx.clock.now()],
    );
    await setMembers(ctx, tx, conn, rows[0]!.group_id, g.members);
    return shapeOne(tx, rows[0]!, base);
  });
}

/** PUT /Groups/{id}. */
export function replaceScimGroup(ctx: ProviderContext, conn: ScimConnectionRow, id: string, body: unknown, base: string): Promise<Resource> {
  const g = readGroup(body);
  return withTx(ctx.db, async (tx) => save(ctx, tx, conn, await loadGroup(tx, conn, id, true), g, base));
}

/** PATCH /Groups/{id}: Okta's and Entra ID's member adds and removes, renames. */
export function patchScimGroup(ctx: ProviderContext, conn: ScimConnectionRow, id: string, ops: PatchOperation[], base: string): Promise<Resource> {
  return withTx(ctx.db, async (tx) => {
    const row = await loadGroup(tx, conn, id, true);
    const members = (await membersOf(tx, [id])).get(id) ?? [];
    const current = { displayName: row.display_name, ...(row.external_id !== null ? { externalId: row.external_id } : {}), members: members.map((m) => ({ value: m.scim_user_id })) };
    return save(ctx, tx, conn, row, readGroup(applyPatch(current, ops)), base);
  });
}

/** DELETE /Groups/{id}: its members lose the roles it gave, and the mapping forgets it. */
export function deleteScimGroup(ctx: ProviderContext, conn: ScimConnectionRow, id: string): Promise<void> {
  return withTx(ctx.db, async (tx) => {
    await loadGroup(tx, conn, id, true);
    const { rows } = await tx.query<{ scim_user_id: string }>('DELETE FROM b2b_scim_group_members WHERE group_id = $1 RETURNING scim_user_id', [id]);
    await tx.query('DELETE FROM b2b_scim_groups WHERE group_id = $1', [id]);
    await tx.query(
      `UPDATE b2b_scim_connections SET group_roles = COALESCE((SELECT jsonb_agg(e) FROM jsonb_array_elements(group_roles) e WHERE e->>'group_id' <> $2), '[]'::jsonb)
       WHERE connection_id = $1`,
      [conn.connection_id, id],
    );
    await regrantUsers(
      ctx,
      tx,
      await mappingOf(tx, conn.connection_id),
      rows.map((r) => r.scim_user_id),
    );
  });
}

/** GET /Groups/{id}. */
export async function getScimGroup(db: Queryable, conn: ScimConnectionRow, id: string, base: string, q: Parameters<typeof project>[1]): Promise<Resource> {
  return project(await shapeOne(db, await loadGroup(db, conn, id), base), q);
}

/** GET /Groups: filtered (`displayName eq`, `externalId eq` by index), paged; `excludedAttributes=members` as Entra ID asks. */
export function listScimGroups(db: Queryable, conn: ScimConnectionRow, q: ScimListQuery, base: string): Promise<Resource> {
  return listScimRows<GroupRow>(db, GROUPS, conn, q, async (rows) => {
    const members = await membersOf(
      db,
      rows.map((r) => r.group_id),
    );
    return rows.map((r) => groupShape(r, members.get(r.group_id) ?? [], base));
  });
}
