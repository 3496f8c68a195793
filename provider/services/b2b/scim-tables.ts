import type { Queryable } from '../../db/index.ts';
import { ScimError } from '../../errors.ts';
import type { ScimConnectionRow } from './scim-connections.ts';
import { equalityOn, matches, parseFilter } from './scim-filter.ts';
import type { Resource } from './scim-patch.ts';
import { listResponse, pageOf, project } from './scim-resources.ts';

/*
 * What SCIM Users and Groups share as rows of one connection: loading one, holding its name
 * (userName, displayName) unique without regard to case, the `meta` of its answer, and the
 * filtered, paged list. scim-users.ts and scim-groups.ts each describe their table once.
 */

/** A connection's resources of one type, as their table holds them. */
export interface ScimTable {
  table: 'b2b_scim_users' | 'b2b_scim_groups';
  idColumn: 'scim_user_id' | 'group_id';
  nameColumn: 'user_name' | 'display_name';
  /** The SCIM attribute the name column holds. */
  nameAttribute: 'userName' | 'displayName';
  resourceType: 'User' | 'Group';
  /** The resource's path under the service's base (`/Users`, `/Groups`). */
  path: 'Users' | 'Groups';
}

/** The columns every such row has. */
export interface ScimRowTimes {
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** The row `id` of the connection (locked for the transaction when `forUpdate`), or SCIM's 404. */
export async function loadScimRow<Row>(db: Queryable, t: ScimTable, conn: ScimConnectionRow, id: string, forUpdate = false): Promise<Row> {
  const { rows } = await db.query<Row>(`SELECT * FROM ${t.table} WHERE ${t.idColumn} = $1 AND connection_id = $2${forUpdate ? ' FOR UPDATE' : ''}`, [id, conn.connection_id]);
  if (!rows[0]) throw new ScimError(404, undefined, `No ${t.resourceType} with this id in this SCIM connection.`);
  return rows[0];
}

/** Holds `name` in the connection until the transaction ends and refuses one another resource (not `self`) has, without regard to case. */
export async function claimScimName(tx: Queryable, t: ScimTable, conn: ScimConnectionRow, name: string, self: string | null): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${t.table}:${conn.connection_id}:${name.toLowerCase()}`]);
  const { rows } = await tx.query(`SELECT 1 FROM ${t.table} WHERE connection_id = $1 AND lower(${t.nameColumn}) = lower($2) AND ${t.idColumn} IS DISTINCT FROM $3`, [conn.connection_id, name, self]);
  if (rows[0]) throw new ScimError(409, 'uniqueness', `A ${t.resourceType} with this ${t.nameAttribute} already exists in this SCIM connection.`);
}

/** The `meta` of a resource's answer (RFC 7643 §3.1), its version the row's as a weak ETag. */
export function scimMeta(t: ScimTable, id: string, row: ScimRowTimes, base: string): Resource {
  return {
    resourceType: t.resourceType,
    created: new Date(row.created_at).toISOString(),
    lastModified: new Date(row.updated_at).toISOString(),
    location: `${base}/${t.path}/${id}`,
    version: `W/"${row.version}"`,
  };
}

/** The list query's parameters (RFC 7644 §3.4.2). */
export interface ScimListQuery {
  filter?: string | undefined;
  startIndex?: string | undefined;
  count?: string | undefined;
  attributes?: string | undefined;
  excludedAttributes?: string | undefined;
}

/**
 * GET /Users or /Groups: a filter on the name, `externalId` or `id` by equality is looked up by
 * index, any other is tested against each resource; then paged and projected.
 */
export async function listScimRows<Row>(db: Queryable, t: ScimTable, conn: ScimConnectionRow, q: ScimListQuery, shape: (rows: Row[]) => Promise<Resource[]>): Promise<Resource> {
  const filter = parseFilter(q.filter);
  const page = pageOf(q);
  const eq = equalityOn(filter, [t.nameAttribute, 'externalId', 'id']);
  const column = eq ? { [t.nameAttribute]: `lower(${t.nameColumn}) = lower($2)`, externalId: 'external_id = $2', id: `${t.idColumn} = $2` }[eq.attribute] : undefined;
  const { rows } = await db.query<Row>(
    `SELECT * FROM ${t.table} WHERE connection_id = $1${column ? ` AND ${column}` : ''} ORDER BY created_at, ${t.idColumn}`,
    column ? [conn.connection_id, eq!.value] : [conn.connection_id],
  );
  const all = (await shape(rows)).filter((r) => !filter || matches(r, filter));
  const listed = listResponse(all, page);
  return { ...listed, Resources: (listed.Resources as Resource[]).map((r) => project(r, q)) };
}
