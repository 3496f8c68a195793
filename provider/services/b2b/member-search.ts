import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { MEMBER_COLUMNS, MEMBER_ROLE, type MemberRow } from './members.ts';

export interface MemberQuery {
  operator: string;
  operands: Array<{ filter_name: string; filter_value?: unknown }>;
}

const strings = (v: unknown, name: string): string[] => {
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw new ApiError(400, 'invalid_query', `${name} takes an array of strings.`);
  return v as string[];
};
const string = (v: unknown, name: string): string => {
  if (typeof v !== 'string') throw new ApiError(400, 'invalid_query', `${name} takes a string.`);
  return v;
};

/** One operand as SQL over `m` with its parameter appended to `params`; unknown filters are a 400. */
function operandSql(o: MemberQuery['operands'][number], params: unknown[]): string {
  const p = (value: unknown) => `$${params.push(value)}`;
  switch (o.filter_name) {
    case 'member_ids':
      return `m.member_id = ANY(${p(strings(o.filter_value, o.filter_name))}::text[])`;
    case 'member_emails':
      return `m.email_address = ANY(${p(strings(o.filter_value, o.filter_name).map((e) => e.toLowerCase()))}::text[])`;
    case 'member_email_fuzzy':
      return `strpos(m.email_address, ${p(string(o.filter_value, o.filter_name).toLowerCase())}) > 0`;
    case 'statuses':
      return `m.status = ANY(${p(strings(o.filter_value, o.filter_name))}::text[])`;
    case 'member_mfa_phone_numbers':
      return `m.mfa_phone_number = ANY(${p(strings(o.filter_value, o.filter_name))}::text[])`;
    case 'member_mfa_phone_number_fuzzy':
      return `strpos(m.mfa_phone_number, ${p(string(o.filter_value, o.filter_name))}) > 0`;
    case 'member_is_breakglass':
      if (typeof o.filter_value !== 'boolean') throw new ApiError(400, 'invalid_query', 'member_is_breakglass takes a boolean.');
      return `m.is_breakglass = ${p(o.filter_value)}`;
    case 'member_password_exists':
      if (typeof o.filter_value !== 'boolean') throw new ApiError(400, 'invalid_query', 'member_password_exists takes a boolean.');
      return `(m.password_hash IS NOT NULL) = ${p(o.filter_value)}`;
    case 'member_roles': {
      const roles = strings(o.filter_value, o.filter_name);
      // Every member holds the member role implicitly.
      return roles.includes(MEMBER_ROLE) ? 'true' : `m.roles ?| ${p(roles)}::text[]`;
    }
    default:
      throw new ApiError(400, 'invalid_query', `Unknown filter ${o.filter_name}.`);
  }
}

/** Members of the given organizations matching the query, oldest first, a page at a time (the cursor is an offset). */
export async function searchMembers(
  db: Queryable,
  organizationIds: string[],
  query: MemberQuery | undefined,
  limit = 100,
  cursor?: string,
): Promise<{ members: MemberRow[]; total: number; nextCursor: string | null }> {
  const params: unknown[] = [organizationIds];
  let where = 'm.organization_id = ANY($1::text[])';
  if (query && query.operands.length) {
    const op = query.operator.toUpperCase();
    if (op !== 'AND' && op !== 'OR') throw new ApiError(400, 'invalid_query', 'operator must be AND or OR.');
    where += ` AND (${query.operands.map((o) => operandSql(o, params)).join(` ${op} `)})`;
  }
  // A cursor is an offset this search gave: digits only, so it is written into the statement safely.
  if (cursor !== undefined && cursor !== '' && !/^\d{1,9}$/.test(cursor)) throw new ApiError(400, 'invalid_cursor', 'The cursor is not one this search gave.');
  const offset = cursor ? Number(cursor) : 0;
  const { rows } = await db.query<MemberRow & { total: number }>(
    `SELECT ${MEMBER_COLUMNS.split(',')
      .map((c) => `m.${c.trim()}`)
      .join(', ')}, count(*) OVER ()::integer AS total
     FROM b2b_members m WHERE ${where} ORDER BY m.created_at, m.member_id LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  const total = rows[0]?.total ?? 0;
  return { members: rows, total, nextCursor: offset + rows.length < total ? String(offset + rows.length) : null };
}
