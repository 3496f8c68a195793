import * as v from 'valibot';
import * as R from '../../../client/schemas/b2b-requests.ts';
import { bool, email, LONG_TEXT_MAX_BYTES, nonEmpty, num, record, sessionDuration, str, strArray } from '../../../client/schemas/index.ts';

/*
 * Request bodies of the B2B server API (`/v1/b2b`), shaped as the official Node SDK's B2B
 * request types. They extend the browser SDK's schemas with what a backend may also set
 * (trusted metadata, organization ids in the body, the session to extend).
 */

const opt = v.optional;
const Metadata = () =>
  opt(
    v.pipe(
      v.custom<Record<string, unknown>>((x) => typeof x === 'object' && x !== null && !Array.isArray(x), 'must be an object'),
      record(),
    ),
  );
/** The session a sign-in extends, when the backend names one. */
const session = { session_token: opt(nonEmpty()), session_jwt: opt(nonEmpty(LONG_TEXT_MAX_BYTES)) };

export const OrganizationsCreate = v.object({
  ...R.OrganizationsUpdate.entries,
  organization_name: nonEmpty(),
  trusted_metadata: Metadata(),
});
export const OrganizationsUpdate = v.object({ ...R.OrganizationsUpdate.entries, trusted_metadata: Metadata() });
export const Search = v.object({
  cursor: opt(str()),
  limit: opt(v.pipe(num(), v.integer('must be an integer'), v.minValue(1, 'must be at least 1'), v.maxValue(1000, 'must be at most 1000'))),
  query: opt(
    v.object(
      {
        operator: str(),
        operands: v.pipe(v.array(v.looseObject({ filter_name: str(), filter_value: v.unknown() }), 'must be an array of operands'), v.maxLength(20, 'must have at most 20 operands')),
      },
      'must be an object',
    ),
  ),
});
export const MembersSearch = v.object({ ...Search.entries, organization_ids: v.pipe(strArray(), v.minLength(1, 'must not be empty'), v.maxLength(100, 'must have at most 100 entries')) });
export const MembersCreate = v.object({ ...R.MembersCreate.entries, trusted_metadata: Metadata() });
export const MembersUpdate = v.object({ ...R.MembersUpdate.entries, trusted_metadata: Metadata() });
export const MembersUnlinkRetiredEmail = R.MembersUnlinkRetiredEmail;
export const MembersStartEmailUpdate = R.MembersStartEmailUpdate;
export const MembersGet = v.pipe(
  v.object({ member_id: opt(nonEmpty()), email_address: opt(email()) }),
  v.check((o) => (o.member_id === undefined) !== (o.email_address === undefined), 'exactly one of member_id, email_address is required'),
);

export const SessionsAuthenticate = v.pipe(
  v.object({
    ...session,
    session_duration_minutes: opt(sessionDuration()),
    authorization_check: opt(v.object({ organization_id: nonEmpty(), resource_id: nonEmpty(), action: nonEmpty() }, 'must be { organization_id, resource_id, action }')),
  }),
  v.check((o) => (o.session_token === undefined) !== (o.session_jwt === undefined), 'exactly one of session_token, session_jwt is required'),
);
export const SessionsGet = v.object({ organization_id: nonEmpty(), member_id: nonEmpty() });
export const SessionsRevoke = v.pipe(
  v.object({ member_session_id: opt(nonEmpty()), ...session, member_id: opt(nonEmpty()) }),
  v.check(
    (o) => [o.member_session_id, o.session_token, o.session_jwt, o.member_id].filter((x) => x !== undefined).length === 1,
    'exactly one of member_session_id, session_token, session_jwt, member_id is required',
  ),
);
export const SessionsExchange = v.pipe(
  v.object({ organization_id: nonEmpty(), ...session, session_duration_minutes: opt(sessionDuration()), locale: opt(str()) }),
  v.check((o) => (o.session_token === undefined) !== (o.session_jwt === undefined), 'exactly one of session_token, session_jwt is required'),
);

export const MagicLinksLoginOrSignup = v.object({ ...R.MagicLinksLoginOrSignup.entries });
export const MagicLinksInvite = v.object({ ...R.MagicLinksInvite.entries, organization_id: nonEmpty(), trusted_metadata: Metadata(), is_breakglass: opt(bool()) });
export const MagicLinksAuthenticate = v.object({
  magic_links_token: nonEmpty(),
  pkce_code_verifier: opt(str()),
  intermediate_session_token: opt(str()),
  session_duration_minutes: opt(sessionDuration()),
  ...session,
  locale: opt(str()),
});
export const OtpEmailLoginOrSignup = v.object({ ...R.OtpEmailLoginOrSignup.entries });
export const OtpEmailAuthenticate = v.object({ ...R.OtpEmailAuthenticate.entries, session_duration_minutes: opt(sessionDuration()), ...session });

export const DiscoveryOrganizations = v.object({ intermediate_session_token: opt(nonEmpty()), ...session });
/** `sessions.attest` (B2B): the browser's fields, and the member session it extends when the backend names one. */
export const SessionsAttest = v.object({ ...R.SessionsAttest.entries, ...session });
export const DiscoveryExchange = v.object({ intermediate_session_token: nonEmpty(), organization_id: nonEmpty(), session_duration_minutes: opt(sessionDuration()), locale: opt(str()) });
export const DiscoveryCreate = v.object({
  ...R.DiscoveryOrganizationsCreate.entries,
  ...R.orgAppPolicy,
  intermediate_session_token: nonEmpty(),
  session_duration_minutes: opt(sessionDuration()),
  trusted_metadata: Metadata(),
});

/** The most roles an organization may define, and the longest role id and description (services/b2b/org-roles.ts checks the rest). */
export const ORG_ROLES_MAX = 50;
export const ROLE_ID_MAX_BYTES = 128;
export const ROLE_DESCRIPTION_MAX_BYTES = 1024;
const OrgRolePermission = v.object({
  resource_id: nonEmpty(),
  actions: v.pipe(v.array(nonEmpty(), 'must be an array of strings'), v.nonEmpty('must name at least one action'), v.maxLength(100, 'must name at most 100 actions')),
});
/** `rbac.organizations.setOrgPolicy`'s body: the official OrgPolicy. */
export const OrgPolicySet = v.object({
  org_policy: v.object({
    roles: v.pipe(
      v.array(
        v.object({
          role_id: v.pipe(nonEmpty(ROLE_ID_MAX_BYTES), v.regex(/^\S+$/, 'must not contain spaces')),
          description: str(ROLE_DESCRIPTION_MAX_BYTES),
          permissions: v.pipe(v.array(OrgRolePermission, 'must be an array of { resource_id, actions }'), v.maxLength(100, 'must hold at most 100 permissions')),
        }),
        'must be an array of { role_id, description, permissions }',
      ),
      v.maxLength(ORG_ROLES_MAX, `must hold at most ${ORG_ROLES_MAX} roles`),
    ),
  }),
});
