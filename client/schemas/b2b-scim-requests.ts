import * as v from 'valibot';
import { nonEmpty, num, str } from './fields.ts';

/*
 * Request bodies of the SCIM connection calls, named after the official B2B headless client's
 * `scim` methods (the browser's) and the Node SDK's `scim.connection` (the server API's, which
 * takes the organization and connection ids in the path).
 */

const opt = v.optional;
const IDENTITY_PROVIDER_MAX_BYTES = 64;

export const ScimCreateConnection = v.object({ display_name: opt(str()), identity_provider: opt(str(IDENTITY_PROVIDER_MAX_BYTES)) });

/** A group's role: at most 100 of them, each naming a group of the connection and a role of the project. */
const GroupRoles = v.pipe(
  v.array(v.object({ group_id: nonEmpty(), role_id: nonEmpty(), group_name: opt(str()) }), 'must be an array of { group_id, role_id }'),
  v.maxLength(100, 'must hold at most 100 assignments'),
);

export const ScimUpdateConnection = v.object({
  connection_id: opt(str()),
  display_name: opt(str()),
  identity_provider: opt(str(IDENTITY_PROVIDER_MAX_BYTES)),
  scim_group_implicit_role_assignments: opt(GroupRoles),
});

export const ScimConnectionId = v.object({ connection_id: nonEmpty() });

export const ScimGetGroups = v.object({
  limit: opt(v.pipe(num(), v.integer('must be an integer'), v.minValue(1, 'must be at least 1'), v.maxValue(1000, 'must be at most 1000'))),
  cursor: opt(str()),
});

/** The server API's groups page: the same fields, in the query string (so `limit` is text). */
export const ScimGetGroupsQuery = v.object({
  limit: opt(v.pipe(v.string(), v.regex(/^(?:[1-9]\d{0,2}|1000)$/, 'must be an integer from 1 to 1000'))),
  cursor: opt(str()),
});
