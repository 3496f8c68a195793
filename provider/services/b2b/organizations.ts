import type { B2BAuthMethod } from '../../../client/schemas/b2b-oauth-providers.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { checkAppPolicy, type AppPolicy } from '../b2b-connected-apps-policy.ts';
import { newId } from '../ids.ts';

/** The enums of the official Organization type, as stored. */
export type Provisioning = 'ALL_ALLOWED' | 'RESTRICTED' | 'NOT_ALLOWED';
export type MfaPolicy = 'OPTIONAL' | 'REQUIRED_FOR_ALL';
/** `B2BAllowedAuthMethods` of the official types (the list is the shared schemas'). */
export type AuthMethod = B2BAuthMethod;
export const MFA_METHODS = ['sms_otp', 'totp'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

/** An organization row as stored (migration 11; its connected-apps policy, migration 4740). */
export interface OrganizationRow extends AppPolicy {
  organization_id: string;
  organization_name: string;
  organization_slug: string;
  organization_logo_url: string;
  trusted_metadata: Record<string, unknown>;
  email_allowed_domains: string[];
  email_jit_provisioning: Provisioning;
  email_invites: Provisioning;
  sso_jit_provisioning: Provisioning;
  sso_jit_provisioning_allowed_connections: string[];
  sso_default_connection_id: string | null;
  /** Kept by services/b2b/sso-connections.ts whenever a connection changes (migration 16). */
  sso_active_connections?: Array<{ connection_id: string; display_name: string; identity_provider: string }>;
  /** Kept by services/b2b/scim-connections.ts whenever the connection changes (migration 4940); null without one. */
  scim_active_connection?: { connection_id: string; display_name: string; bearer_token_last_four: string } | null;
  auth_methods: 'ALL_ALLOWED' | 'RESTRICTED';
  allowed_auth_methods: AuthMethod[];
  mfa_policy: MfaPolicy;
  mfa_methods: 'ALL_ALLOWED' | 'RESTRICTED';
  allowed_mfa_methods: MfaMethod[];
  /** Every verified member at a domain holds the role (migration 4920; rbac.ts). */
  rbac_email_implicit_role_assignments: EmailRoleAssignment[];
  /** The organization's own roles, beside the project's (migration 4960; org-roles.ts sets them). */
  custom_roles: CustomRole[];
  created_at: Date;
  updated_at: Date;
}

/** The settings a caller may set, by their wire names (create and update take the same). */
export interface OrganizationSettings extends Partial<AppPolicy> {
  organization_name?: string;
  organization_slug?: string;
  organization_logo_url?: string;
  trusted_metadata?: Record<string, unknown>;
  email_allowed_domains?: string[];
  email_jit_provisioning?: Provisioning;
  email_invites?: Provisioning;
  sso_jit_provisioning?: Provisioning;
  sso_jit_provisioning_allowed_connections?: string[];
  sso_default_connection_id?: string | null;
  auth_methods?: 'ALL_ALLOWED' | 'RESTRICTED';
  allowed_auth_methods?: AuthMethod[];
  mfa_policy?: MfaPolicy;
  mfa_methods?: 'ALL_ALLOWED' | 'RESTRICTED';
  allowed_mfa_methods?: MfaMethod[];
  rbac_email_implicit_role_assignments?: EmailRoleAssignment[];
}

/** One of an organization's own roles (the official `CustomRole`; rbac.ts reads it as a policy role). */
export interface CustomRole {
  role_id: string;
  description: string;
  permissions: Array<{ resource_id: string; actions: string[] }>;
}

/** One of `rbac_email_implicit_role_assignments`: every member at the domain holds the role. */
export interface EmailRoleAssignment {
  domain: string;
  role_id: string;
}

/** Columns an update may write, in a fixed order (never taken from the caller's keys). */
const SETTABLE: Array<keyof OrganizationSettings> = [
  'organization_name',
  'organization_slug',
  'organization_logo_url',
  'trusted_metadata',
  'email_allowed_domains',
  'email_jit_provisioning',
  'email_invites',
  'sso_jit_provisioning',
  'sso_jit_provisioning_allowed_connections',
  'sso_default_connection_id',
  'auth_methods',
  'allowed_auth_methods',
  'mfa_policy',
  'mfa_methods',
  'allowed_mfa_methods',
  'rbac_email_implicit_role_assignments',
  'first_party_connected_apps_allowed_type',
  'allowed_first_party_connected_apps',
  'third_party_connected_apps_allowed_type',
  'allowed_third_party_connected_apps',
];
const JSON_COLUMNS = new Set<string>([
  'trusted_metadata',
  'email_allowed_domains',
  'sso_jit_provisioning_allowed_connections',
  'allowed_auth_methods',
  'allowed_mfa_methods',
  'rbac_email_implicit_role_assignments',
  'allowed_first_party_connected_apps',
  'allowed_third_party_connected_apps',
]);

/** The hosted provider's slug rule: 2 to 128 of lowercase letters, digits and `-._~`. */
export const SLUG_PATTERN = /^[a-z0-9\-._~]{2,128}$/;

/** A slug from a name: what discovery's create uses when the caller gives none. */
export function slugFromName(name: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9\-._~]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
  return base.length >= 2 ? base : `org-${base}`.slice(0, 128);
}

/** Checks the settings and returns them with domains lowercased (JIT compares them so). */
function checkSettings(s: OrganizationSettings): OrganizationSettings {
  if (s.organization_name !== undefined && s.organization_name.trim() === '') {
    throw new ApiError(400, 'invalid_organization_name', 'organization_name must not be empty.');
  }
  if (s.organization_slug !== undefined && !SLUG_PATTERN.test(s.organization_slug)) {
    throw new ApiError(400, 'invalid_organization_slug', 'organization_slug must be 2 to 128 lowercase letters, digits, or - . _ ~.');
  }
  for (const domain of s.email_allowed_domains ?? []) {
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(domain)) throw new ApiError(400, 'invalid_email_domain', `${domain} is not a domain.`);
  }
  for (const a of s.rbac_email_implicit_role_assignments ?? []) {
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(a.domain)) throw new ApiError(400, 'invalid_email_domain', `${a.domain} is not a domain.`);
  }
  const lowered = s.rbac_email_implicit_role_assignments?.map((a) => ({ domain: a.domain.toLowerCase(), role_id: a.role_id }));
  return {
    ...s,
    ...(s.email_allowed_domains ? { email_allowed_domains: s.email_allowed_domains.map((d) => d.toLowerCase()) } : {}),
    ...(lowered ? { rbac_email_implicit_role_assignments: lowered } : {}),
  };
}

/** The Organization object of the official B2B types. */
export function organizationShape(o: OrganizationRow): Record<string, unknown> {
  return {
    organization_id: o.organization_id,
    organization_name: o.organization_name,
    organization_slug: o.organization_slug,
    organization_logo_url: o.organization_logo_url,
    trusted_metadata: o.trusted_metadata,
    sso_default_connection_id: o.sso_default_connection_id,
    sso_jit_provisioning: o.sso_jit_provisioning,
    sso_jit_provisioning_allowed_connections: o.sso_jit_provisioning_allowed_connections,
    sso_active_connections: o.sso_active_connections ?? [],
    scim_active_connection: o.scim_active_connection ?? null,
    email_allowed_domains: o.email_allowed_domains,
    email_jit_provisioning: o.email_jit_provisioning,
    email_invites: o.email_invites,
    oauth_tenant_jit_provisioning: 'NOT_ALLOWED',
    allowed_oauth_tenants: {},
    auth_methods: o.auth_methods,
    allowed_auth_methods: o.allowed_auth_methods,
    mfa_methods: o.mfa_methods,
    allowed_mfa_methods: o.allowed_mfa_methods,
    mfa_policy: o.mfa_policy,
    rbac_email_implicit_role_assignments: o.rbac_email_implicit_role_assignments ?? [],
    first_party_connected_apps_allowed_type: o.first_party_connected_apps_allowed_type,
    allowed_first_party_connected_apps: o.allowed_first_party_connected_apps,
    third_party_connected_apps_allowed_type: o.third_party_connected_apps_allowed_type,
    allowed_third_party_connected_apps: o.allowed_third_party_connected_apps,
    custom_roles: o.custom_roles ?? [],
    created_at: new Date(o.created_at).toISOString(),
    updated_at: new Date(o.updated_at).toISOString(),
  };
}

/** One organization by id, locked when `forUpdate` (settings changes serialize). */
export async function loadOrganization(db: Queryable, organizationId: string, forUpdate = false): Promise<OrganizationRow | null> {
  const { rows } = await db.query<OrganizationRow>(`SELECT * FROM b2b_organizations WHERE organization_id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [organizationId]);
  return rows[0] ?? null;
}

/** The organization or a 404 in the hosted provider's words. */
export async function requireOrganization(db: Queryable, organizationId: string, forUpdate = false): Promise<OrganizationRow> {
  const org = await loadOrganization(db, organizationId, forUpdate);
  if (!org) throw new ApiError(404, 'organization_not_found', 'Organization could not be found.');
  return org;
}

export async function organizationBySlug(db: Queryable, slug: string): Promise<OrganizationRow | null> {
  const { rows } = await db.query<OrganizationRow>('SELECT * FROM b2b_organizations WHERE organization_slug = $1', [slug]);
  return rows[0] ?? null;
}

/** Maps a unique-slug violation to the hosted provider's 409. */
function slugTaken(e: unknown): never {
  if ((e as { code?: string }).code === '23505') throw new ApiError(409, 'organization_slug_already_used', 'An organization with this slug already exists.');
  throw e;
}

/** Creates an organization; a taken slug is a 409 (the unique index decides races). */
export async function createOrganization(tx: Queryable, env: 'test' | 'live', now: Date, s: OrganizationSettings & { organization_name: string; organization_slug: string }): Promise<OrganizationRow> {
  s = await checkAppPolicy(tx, { ...s, ...checkSettings(s) });
  const id = newId('organization', env);
  const columns = SETTABLE.filter((k) => s[k] !== undefined);
  const values = columns.map((k) => (JSON_COLUMNS.has(k) ? JSON.stringify(s[k]) : s[k]));
  // A savepoint keeps the caller's transaction usable when the slug is taken.
  await tx.query('SAVEPOINT create_org');
  try {
    const { rows } = await tx.query<OrganizationRow>(
      `INSERT INTO b2b_organizations (organization_id, created_at, updated_at, ${columns.join(', ')})
       VALUES ($1, $2, $2, ${columns.map((_, i) => `$${i + 3}`).join(', ')}) RETURNING *`,
      [id, now, ...values],
    );
    await tx.query('RELEASE SAVEPOINT create_org');
    return rows[0]!;
  } catch (e) {
    await tx.query('ROLLBACK TO SAVEPOINT create_org');
    return slugTaken(e);
  }
}

/** Writes the given settings; unknown keys are never read. */
export async function updateOrganization(tx: Queryable, organizationId: string, now: Date, settings: OrganizationSettings): Promise<OrganizationRow> {
  const s = await checkAppPolicy(tx, checkSettings(settings));
  const columns = SETTABLE.filter((k) => s[k] !== undefined);
  const values = columns.map((k) => (JSON_COLUMNS.has(k) ? JSON.stringify(s[k]) : s[k]));
  await tx.query('SAVEPOINT update_org');
  try {
    const { rows } = await tx.query<OrganizationRow>(
      `UPDATE b2b_organizations SET updated_at = $2${columns.map((k, i) => `, ${k} = $${i + 3}`).join('')}
       WHERE organization_id = $1 RETURNING *`,
      [organizationId, now, ...values],
    );
    await tx.query('RELEASE SAVEPOINT update_org');
    if (!rows[0]) throw new ApiError(404, 'organization_not_found', 'Organization could not be found.');
    return rows[0];
  } catch (e) {
    if (e instanceof ApiError) throw e;
    await tx.query('ROLLBACK TO SAVEPOINT update_org');
    return slugTaken(e);
  }
}

export async function deleteOrganization(tx: Queryable, organizationId: string): Promise<void> {
  const { rows } = await tx.query('DELETE FROM b2b_organizations WHERE organization_id = $1 RETURNING organization_id', [organizationId]);
  if (!rows[0]) throw new ApiError(404, 'organization_not_found', 'Organization could not be found.');
}

/** The address's domain, lowercased. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/** Whether an address may join by itself (email JIT provisioning): the domain must be one the organization lists. */
export function jitEligible(org: OrganizationRow, email: string): boolean {
  if (org.email_jit_provisioning !== 'RESTRICTED') return false;
  const domain = emailDomain(email);
  return org.email_allowed_domains.some((d) => d.toLowerCase() === domain);
}

/** Whether an address may be invited: RESTRICTED limits invitations to the listed domains. */
export function invitesAllowed(org: OrganizationRow, email: string): boolean {
  if (org.email_invites === 'NOT_ALLOWED') return false;
  if (org.email_invites === 'ALL_ALLOWED') return true;
  const domain = emailDomain(email);
  return org.email_allowed_domains.some((d) => d.toLowerCase() === domain);
}

/** Whether the organization accepts `method` as a primary factor. */
export function authMethodAllowed(org: OrganizationRow, method: AuthMethod): boolean {
  return org.auth_methods === 'ALL_ALLOWED' || org.allowed_auth_methods.includes(method);
}

/** The MFA methods members may use. */
export function mfaMethodsAllowed(org: OrganizationRow): MfaMethod[] {
  return org.mfa_methods === 'ALL_ALLOWED' ? [...MFA_METHODS] : org.allowed_mfa_methods;
}

/** Organizations whose email JIT provisioning admits the address's domain. */
export async function jitOrganizationsFor(db: Queryable, email: string): Promise<OrganizationRow[]> {
  const { rows } = await db.query<OrganizationRow>(`SELECT * FROM b2b_organizations WHERE email_jit_provisioning = 'RESTRICTED' AND email_allowed_domains ? $1 ORDER BY created_at`, [
    emailDomain(email),
  ]);
  return rows;
}

/** One search operand over organizations `o` as SQL, its parameter appended to `params`; unknown filters are a 400. */
function organizationOperand(o: { filter_name: string; filter_value?: unknown }, params: unknown[]): string {
  const p = (value: unknown) => `$${params.push(value)}`;
  const list = (): string[] => {
    if (!Array.isArray(o.filter_value) || !o.filter_value.every((x) => typeof x === 'string')) throw new ApiError(400, 'invalid_query', `${o.filter_name} takes an array of strings.`);
    return o.filter_value as string[];
  };
  const text = (): string => {
    if (typeof o.filter_value !== 'string') throw new ApiError(400, 'invalid_query', `${o.filter_name} takes a string.`);
    return o.filter_value.toLowerCase();
  };
  switch (o.filter_name) {
    case 'organization_ids':
      return `o.organization_id = ANY(${p(list())}::text[])`;
    case 'organization_slugs':
      return `o.organization_slug = ANY(${p(list())}::text[])`;
    case 'organization_name_fuzzy':
      return `strpos(lower(o.organization_name), ${p(text())}) > 0`;
    case 'organization_slug_fuzzy':
      return `strpos(o.organization_slug, ${p(text())}) > 0`;
    case 'allowed_domains':
      return `o.email_allowed_domains ?| ${p(list().map((d) => d.toLowerCase()))}::text[]`;
    case 'member_emails':
      return `EXISTS (SELECT 1 FROM b2b_members m WHERE m.organization_id = o.organization_id AND m.email_address = ANY(${p(list().map((e) => e.toLowerCase()))}::text[]))`;
    default:
      throw new ApiError(400, 'invalid_query', `Unknown filter ${o.filter_name}.`);
  }
}

/** Organizations matching the query, oldest first, a page at a time (the cursor is an offset). */
export async function searchOrganizations(
  db: Queryable,
  query: { operator: string; operands: Array<{ filter_name: string; filter_value?: unknown }> } | undefined,
  limit = 100,
  cursor?: string,
): Promise<{ organizations: OrganizationRow[]; total: number; nextCursor: string | null }> {
  const params: unknown[] = [];
  let where = 'true';
  if (query && query.operands.length) {
    const op = query.operator.toUpperCase();
    if (op !== 'AND' && op !== 'OR') throw new ApiError(400, 'invalid_query', 'operator must be AND or OR.');
    where = query.operands.map((o) => organizationOperand(o, params)).join(` ${op} `);
  }
  // A cursor is an offset this search gave: digits only, so it is written into the statement safely.
  if (cursor !== undefined && cursor !== '' && !/^\d{1,9}$/.test(cursor)) throw new ApiError(400, 'invalid_cursor', 'The cursor is not one this search gave.');
  const offset = cursor ? Number(cursor) : 0;
  const { rows } = await db.query<OrganizationRow & { total: number }>(
    `SELECT o.*, count(*) OVER ()::integer AS total FROM b2b_organizations o WHERE ${where} ORDER BY o.created_at, o.organization_id LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  const total = rows[0]?.total ?? 0;
  return { organizations: rows, total, nextCursor: offset + rows.length < total ? String(offset + rows.length) : null };
}
