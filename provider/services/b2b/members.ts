import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { newId } from '../ids.ts';
import type { ProviderContext } from '../../context.ts';
import { withTx } from '../tx.ts';
import { normalizeEmail, phoneOf } from '../users.ts';
import { organizationShape, type OrganizationRow } from './organizations.ts';
import { checkGrantableRoles } from './org-roles.ts';
import { ADMIN_ROLE, MEMBER_ROLE, roleAssignments, type RoleGrant, type RoleOrg } from './rbac.ts';

/** `deleted`: deactivated by an admin (or SCIM); it signs in nowhere until reactivated. */
export type MemberStatus = 'active' | 'invited' | 'pending' | 'deleted';

/** Every member holds `stytch_member`; what a role allows is the RBAC policy's (rbac.ts). */
export { ADMIN_ROLE, MEMBER_ROLE } from './rbac.ts';

/** A member row as stored (migration 11). `roles` holds the explicitly assigned role ids. */
export interface MemberRow {
  member_id: string;
  organization_id: string;
  email_address: string;
  email_address_verified: boolean;
  name: string;
  status: MemberStatus;
  roles: string[];
  /** Roles granted by SSO and SCIM connections (migration 4920; rbac.ts). */
  role_grants: RoleGrant[];
  is_breakglass: boolean;
  mfa_enrolled: boolean;
  mfa_phone_number: string;
  mfa_phone_number_verified: boolean;
  default_mfa_method: string;
  totp_registration_id: string;
  member_password_id: string;
  trusted_metadata: Record<string, unknown>;
  untrusted_metadata: Record<string, unknown>;
  /** Addresses the member had (migration 4970; member-emails.ts): no other member of the organization takes one until it is unlinked. */
  retired_email_addresses: RetiredEmail[];
  created_at: Date;
  updated_at: Date;
}

/** A retired address as the official Member names it. */
export interface RetiredEmail {
  email_id: string;
  email_address: string;
}

/** Every column but the password hash, which no caller ever reads back, and a waiting email update (member-emails.ts). */
export const MEMBER_COLUMNS = `member_id, organization_id, email_address, email_address_verified, name, status, roles, role_grants, is_breakglass,
  mfa_enrolled, mfa_phone_number, mfa_phone_number_verified, default_mfa_method, totp_registration_id, member_password_id,
  trusted_metadata, untrusted_metadata, retired_email_addresses, created_at, updated_at`;

/** Whether the admin role is assigned to the member directly (the organization's last admin is kept). */
export function isAdmin(m: Pick<MemberRow, 'roles'>): boolean {
  return m.roles.includes(ADMIN_ROLE);
}

/** The answer of every call about one member: its id, the member and its organization. */
export function memberAnswer(member: MemberRow, org: OrganizationRow): { member_id: string; member: Record<string, unknown>; organization: Record<string, unknown> } {
  return { member_id: member.member_id, member: memberShape(member, org), organization: organizationShape(org) };
}

/** The Member object of the official B2B types; its roles are the policy's reading (explicit, by email domain, by connection). */
export function memberShape(m: MemberRow, org: RoleOrg): Record<string, unknown> {
  const roles = roleAssignments(m, org);
  return {
    organization_id: m.organization_id,
    member_id: m.member_id,
    email_address: m.email_address,
    email_address_verified: m.email_address_verified,
    retired_email_addresses: m.retired_email_addresses.map((r) => ({ email_id: r.email_id, email_address: r.email_address })),
    status: m.status,
    name: m.name,
    trusted_metadata: m.trusted_metadata,
    untrusted_metadata: m.untrusted_metadata,
    created_at: new Date(m.created_at).toISOString(),
    updated_at: new Date(m.updated_at).toISOString(),
    sso_registrations: [],
    is_breakglass: m.is_breakglass,
    is_admin: roles.some((r) => r.role_id === ADMIN_ROLE),
    member_password_id: m.member_password_id,
    mfa_enrolled: m.mfa_enrolled,
    mfa_phone_number: m.mfa_phone_number,
    mfa_phone_number_verified: m.mfa_phone_number_verified,
    roles,
    default_mfa_method: m.default_mfa_method,
    totp_registration_id: m.totp_registration_id,
    oauth_registrations: [],
  };
}

export async function loadMember(db: Queryable, memberId: string, forUpdate = false): Promise<MemberRow | null> {
  const { rows } = await db.query<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM b2b_members WHERE member_id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [memberId]);
  return rows[0] ?? null;
}

/** A member of `organizationId` by id, or a 404: a member id of another organization is not found. */
export async function requireMember(db: Queryable, organizationId: string, memberId: string, forUpdate = false): Promise<MemberRow> {
  const m = await loadMember(db, memberId, forUpdate);
  if (!m || m.organization_id !== organizationId) throw new ApiError(404, 'member_not_found', 'Member could not be found.');
  return m;
}

/**
 * The member of the organization with this address. With `forUpdate` the address is locked
 * in the organization until the transaction ends, even while it has no member, so parallel
 * sign-ups, invitations and JIT joins of one new address create one member.
 */
export async function memberByEmail(db: Queryable, organizationId: string, email: string, forUpdate = false): Promise<MemberRow | null> {
  const address = normalizeEmail(email);
  if (forUpdate) await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`b2b-member:${organizationId}:${address}`]);
  const { rows } = await db.query<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM b2b_members WHERE organization_id = $1 AND email_address = $2${forUpdate ? ' FOR UPDATE' : ''}`, [organizationId, address]);
  return rows[0] ?? null;
}

/** The official error for each way another member holds an address (requireAddressFree). */
const HELD = {
  current: ['duplicate_member_email', 'A member with this email already exists in the organization.'],
  deactivated: ['desired_email_deactivated_by_different_member', 'A deactivated member of the organization has this email address.'],
  retired: ['retired_member_email', 'This address is retired by another member of the organization; unlink it from that member first.'],
  pending: ['desired_email_updating_for_different_member', 'Another member of the organization is changing its email to this address.'],
} as const;

/**
 * Refuses an address that another member of the organization holds: as its address (a
 * deactivated member's too), as a retired address until it is unlinked, or as a self-serve email
 * update still waiting. Call it with the address locked (`memberByEmail(..., true)`), so a
 * parallel taker waits and then sees it taken; `memberId` is the member taking it (null: a new one).
 */
export async function requireAddressFree(db: Queryable, organizationId: string, email: string, memberId: string | null, now: Date): Promise<void> {
  const retired = `retired_email_addresses @> jsonb_build_array(jsonb_build_object('email_address', $2::text))`;
  const { rows } = await db.query<{ held: keyof typeof HELD }>(
    `SELECT CASE WHEN email_address = $2 THEN (CASE WHEN status = 'deleted' THEN 'deactivated' ELSE 'current' END) WHEN ${retired} THEN 'retired' ELSE 'pending' END AS held
     FROM b2b_members WHERE organization_id = $1 AND member_id IS DISTINCT FROM $3
       AND (email_address = $2 OR ${retired} OR (pending_email_address = $2 AND pending_email_expires_at > $4)) LIMIT 1`,
    [organizationId, normalizeEmail(email), memberId, now],
  );
  if (!rows[0]) return;
  const [type, message] = HELD[rows[0].held];
  throw new ApiError(409, type, message);
}

/** Every membership of an address, across organizations. */
export async function membershipsOf(db: Queryable, email: string): Promise<MemberRow[]> {
  const { rows } = await db.query<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM b2b_members WHERE email_address = $1 AND status <> 'deleted' ORDER BY created_at`, [normalizeEmail(email)]);
  return rows;
}

export interface NewMember {
  email: string;
  status: MemberStatus;
  name?: string;
  roles?: string[];
  emailVerified?: boolean;
  isBreakglass?: boolean;
  mfaEnrolled?: boolean;
  mfaPhoneNumber?: string;
  trustedMetadata?: Record<string, unknown>;
  untrustedMetadata?: Record<string, unknown>;
}

/** Creates a member; call `memberByEmail(..., true)` first so one address makes one member. Roles a caller chose are checked first (org-roles.ts checkGrantableRoles). */
export async function createMember(tx: Queryable, env: 'test' | 'live', now: Date, organizationId: string, m: NewMember): Promise<MemberRow> {
  // Every way a member is made (sign-up, JIT by email or SSO, invitation, SCIM) meets this: a
  // retired address signs in as no one new, and one another member is moving to is kept for it.
  await requireAddressFree(tx, organizationId, m.email, null, now);
  const { rows } = await tx.query<MemberRow>(
    `INSERT INTO b2b_members (member_id, organization_id, email_address, email_address_verified, name, status, roles, is_breakglass,
       mfa_enrolled, mfa_phone_number, trusted_metadata, untrusted_metadata, created_at, updated_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$13) RETURNING ${MEMBER_COLUMNS}`,
    [
      newId('member', env),
      organizationId,
      normalizeEmail(m.email),
      m.emailVerified ?? false,
      m.name ?? '',
      m.status,
      JSON.stringify((m.roles ?? []).filter((r) => r !== MEMBER_ROLE)),
      m.isBreakglass ?? false,
      m.mfaEnrolled ?? false,
      m.mfaPhoneNumber ?? '',
      JSON.stringify(m.trustedMetadata ?? {}),
      JSON.stringify(m.untrustedMetadata ?? {}),
      now,
    ],
  );
  return rows[0]!;
}

/** A member as both APIs add one (`organizations/members` create); the server API may also set trusted metadata. */
export interface MemberRequest {
  email_address: string;
  create_member_as_pending?: boolean;
  name?: string;
  roles?: string[];
  is_breakglass?: boolean;
  mfa_enrolled?: boolean;
  mfa_phone_number?: string;
  trusted_metadata?: Record<string, unknown>;
  untrusted_metadata?: Record<string, unknown>;
}

/** Adds a member to an organization, refusing an address that is a member there already. */
export async function addMember(ctx: ProviderContext, organizationId: string, r: MemberRequest): Promise<MemberRow> {
  const phone = r.mfa_phone_number ? phoneOf(r.mfa_phone_number) : undefined;
  return withTx(ctx.db, async (tx) => {
    await checkGrantableRoles(ctx, tx, organizationId, r.roles);
    if (await memberByEmail(tx, organizationId, r.email_address, true)) throw new ApiError(409, 'duplicate_member_email', 'A member with this email already exists in the organization.');
    return createMember(tx, ctx.env, ctx.clock.now(), organizationId, {
      email: normalizeEmail(r.email_address),
      status: r.create_member_as_pending ? 'pending' : 'active',
      name: r.name,
      roles: r.roles,
      isBreakglass: r.is_breakglass,
      mfaEnrolled: r.mfa_enrolled,
      mfaPhoneNumber: phone,
      trustedMetadata: r.trusted_metadata,
      untrustedMetadata: r.untrusted_metadata,
    });
  });
}

/** The fields an update may write, by their wire names. */
export interface MemberChanges {
  name?: string;
  roles?: string[];
  is_breakglass?: boolean;
  mfa_enrolled?: boolean;
  mfa_phone_number?: string;
  default_mfa_method?: string;
  trusted_metadata?: Record<string, unknown>;
  untrusted_metadata?: Record<string, unknown>;
}

const MEMBER_SETTABLE: Array<keyof MemberChanges> = ['name', 'roles', 'is_breakglass', 'mfa_enrolled', 'mfa_phone_number', 'default_mfa_method', 'trusted_metadata', 'untrusted_metadata'];
const MEMBER_JSON = new Set<string>(['roles', 'trusted_metadata', 'untrusted_metadata']);

/** Writes the changes; roles a caller chose are checked first (org-roles.ts checkGrantableRoles). */
export async function updateMember(tx: Queryable, memberId: string, now: Date, changes: MemberChanges): Promise<MemberRow> {
  if (changes.default_mfa_method !== undefined && !['sms_otp', 'totp', ''].includes(changes.default_mfa_method)) {
    throw new ApiError(400, 'invalid_default_mfa_method', 'default_mfa_method must be sms_otp or totp.');
  }
  const c = changes.roles ? { ...changes, roles: changes.roles.filter((r) => r !== MEMBER_ROLE) } : changes;
  const columns = MEMBER_SETTABLE.filter((k) => c[k] !== undefined);
  // A new MFA phone number is not yet proven.
  const phoneReset = c.mfa_phone_number !== undefined ? ', mfa_phone_number_verified = false' : '';
  const { rows } = await tx.query<MemberRow>(
    `UPDATE b2b_members SET updated_at = $2${phoneReset}${columns.map((k, i) => `, ${k} = $${i + 3}`).join('')}
     WHERE member_id = $1 RETURNING ${MEMBER_COLUMNS}`,
    [memberId, now, ...columns.map((k) => (MEMBER_JSON.has(k) ? JSON.stringify(c[k]) : c[k]))],
  );
  if (!rows[0]) throw new ApiError(404, 'member_not_found', 'Member could not be found.');
  return rows[0];
}

/** A proven primary factor makes an invited or pending member active with a verified address; a deactivated one stays so. */
export async function activateMember(tx: Queryable, memberId: string, now: Date): Promise<MemberRow> {
  const { rows } = await tx.query<MemberRow>(
    `UPDATE b2b_members SET status = 'active', email_address_verified = true, updated_at = $2 WHERE member_id = $1 AND status <> 'deleted' RETURNING ${MEMBER_COLUMNS}`,
    [memberId, now],
  );
  if (!rows[0]) {
    if (await loadMember(tx, memberId)) throw memberDeleted();
    throw new ApiError(404, 'member_not_found', 'Member could not be found.');
  }
  return rows[0];
}

/** A deactivated member signs in nowhere until an admin reactivates it. */
export function memberDeleted(): ApiError {
  return new ApiError(403, 'member_deleted', 'This member was deactivated; an admin of the organization can reactivate it.');
}

/**
 * Deactivates a member in the caller's transaction (the official delete, status `deleted`):
 * its password, MFA phone, authenticator, roles and sessions gone, its row and address kept,
 * so that it can be made active again as the same member.
 */
export async function deactivateMember(tx: Queryable, memberId: string, now: Date): Promise<void> {
  await tx.query(
    `UPDATE b2b_members SET status = 'deleted', roles = '[]', role_grants = '[]', password_hash = NULL, member_password_id = '', mfa_phone_number = '',
       mfa_phone_number_verified = false, mfa_enrolled = false, default_mfa_method = '', totp_registration_id = '', updated_at = $2 WHERE member_id = $1`,
    [memberId, now],
  );
  await tx.query('DELETE FROM b2b_totps WHERE member_id = $1', [memberId]);
  await tx.query('UPDATE b2b_member_sessions SET revoked_at = $2 WHERE member_id = $1 AND revoked_at IS NULL', [memberId, now]);
}

/**
 * Rewrites a member's role grants (the roles its connections give: SSO and SCIM, services/b2b/
 * sso-roles.ts and scim-roles.ts), the member row locked by the caller's transaction; unchanged
 * grants write nothing.
 */
export async function setRoleGrants(ctx: ProviderContext, tx: Queryable, member: Pick<MemberRow, 'member_id' | 'role_grants'>, grants: RoleGrant[]): Promise<void> {
  if (JSON.stringify(grants) === JSON.stringify(member.role_grants)) return;
  await tx.query('UPDATE b2b_members SET role_grants = $2, updated_at = $3 WHERE member_id = $1', [member.member_id, JSON.stringify(grants), ctx.clock.now()]);
}

/** Deletes a member (its sessions and intermediate sessions go with it). */
export async function deleteMember(tx: Queryable, organizationId: string, memberId: string): Promise<void> {
  const { rows } = await tx.query('DELETE FROM b2b_members WHERE member_id = $1 AND organization_id = $2 RETURNING member_id', [memberId, organizationId]);
  if (!rows[0]) throw new ApiError(404, 'member_not_found', 'Member could not be found.');
}

/** How many active admins the organization has: the last one may not be removed or demoted. */
export async function activeAdminCount(db: Queryable, organizationId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM b2b_members WHERE organization_id = $1 AND status = 'active' AND roles ? $2`, [organizationId, ADMIN_ROLE]);
  return rows[0]?.n ?? 0;
}
