import * as v from 'valibot';
import { bool, email, LONG_TEXT_MAX_BYTES, nonEmpty, num, record, requests, sessionDuration, str } from '../../../client/schemas/index.ts';

/*
 * Request bodies of the server API (`/v1`), shaped as the official Node SDK's request types.
 * `locale` picks the message's language. Fields the SDK may send but this provider does not act on (templates, telemetry
 * ids) are left out and so dropped; a field of the wrong type is refused.
 */

const opt = v.optional;

/** Exactly one of `keys` must be present. */
function exactlyOne<T extends Record<string, unknown>>(keys: Array<keyof T & string>) {
  return v.check<T, string>((o) => keys.filter((k) => o[k] !== undefined).length === 1, `exactly one of ${keys.join(', ')} is required`);
}

/**
 * Custom session claims are refused rather than dropped: a backend that sets them would
 * otherwise trust JWTs that lack them.
 */
const noCustomClaims = () => opt(v.custom<never>(() => false, 'is not supported by this provider'));

const Name = v.object({ first_name: opt(str()), middle_name: opt(str()), last_name: opt(str()) }, 'must be an object');
/** A JSON object (valibot's record alone would let an array through). */
const Metadata = () =>
  opt(
    v.pipe(
      v.custom<Record<string, unknown>>((x) => typeof x === 'object' && x !== null && !Array.isArray(x), 'must be an object'),
      record(),
    ),
  );

export const SessionsAuthenticate = v.pipe(
  v.object({ session_token: opt(nonEmpty()), session_jwt: opt(nonEmpty(LONG_TEXT_MAX_BYTES)), session_duration_minutes: opt(sessionDuration()), session_custom_claims: noCustomClaims() }),
  exactlyOne(['session_token', 'session_jwt']),
);

export const SessionsGet = v.object({ user_id: nonEmpty() });

export const SessionsRevoke = v.pipe(
  v.object({ session_id: opt(nonEmpty()), session_token: opt(nonEmpty()), session_jwt: opt(nonEmpty(LONG_TEXT_MAX_BYTES)) }),
  exactlyOne(['session_id', 'session_token', 'session_jwt']),
);

export const UsersCreate = v.pipe(
  v.object({
    email: opt(email()),
    phone_number: opt(nonEmpty()),
    name: opt(Name),
    create_user_as_pending: opt(bool()),
    trusted_metadata: Metadata(),
    untrusted_metadata: Metadata(),
  }),
  v.check((o) => o.email !== undefined || o.phone_number !== undefined, 'email or phone_number is required'),
);

export const UsersUpdate = v.object({ name: opt(Name), trusted_metadata: Metadata(), untrusted_metadata: Metadata() });

const isoDate = () => v.pipe(str(), v.isoTimestamp('must be an RFC 3339 timestamp'));
const ids = () => v.pipe(v.array(str(), 'must be an array of strings'), v.minLength(1, 'must not be empty'), v.maxLength(100, 'must have at most 100 entries'));

/** The search filters this provider answers; any other filter name is refused, never ignored. */
export const SearchOperand = v.variant(
  'filter_name',
  [
    v.object({ filter_name: v.literal('created_at_greater_than'), filter_value: isoDate() }),
    v.object({ filter_name: v.literal('created_at_less_than'), filter_value: isoDate() }),
    v.object({ filter_name: v.literal('created_at_between'), filter_value: v.object({ greater_than: isoDate(), less_than: isoDate() }, 'must be an object') }),
    v.object({ filter_name: v.literal('status'), filter_value: v.picklist(['active', 'pending'], 'must be active or pending') }),
    v.object({ filter_name: v.literal('user_id'), filter_value: ids() }),
    v.object({ filter_name: v.literal('email_address'), filter_value: ids() }),
    v.object({ filter_name: v.literal('email_id'), filter_value: ids() }),
    v.object({ filter_name: v.literal('email_verified'), filter_value: bool() }),
    v.object({ filter_name: v.literal('email_address_fuzzy'), filter_value: nonEmpty() }),
    v.object({ filter_name: v.literal('phone_number'), filter_value: ids() }),
    v.object({ filter_name: v.literal('phone_id'), filter_value: ids() }),
    v.object({ filter_name: v.literal('phone_verified'), filter_value: bool() }),
    v.object({ filter_name: v.literal('phone_number_fuzzy'), filter_value: nonEmpty() }),
    v.object({ filter_name: v.literal('full_name_fuzzy'), filter_value: nonEmpty() }),
    v.object({ filter_name: v.literal('password_exists'), filter_value: bool() }),
    v.object({ filter_name: v.literal('totp_verified'), filter_value: bool() }),
  ],
  'is not a supported filter',
);
export type SearchOperand = v.InferOutput<typeof SearchOperand>;

export const UsersSearch = v.object({
  cursor: opt(nonEmpty()),
  limit: opt(v.pipe(num(), v.integer('must be an integer'), v.minValue(1, 'must be at least 1'), v.maxValue(1000, 'must be at most 1000'))),
  query: opt(
    v.object(
      {
        operator: v.picklist(['AND', 'OR'], 'must be AND or OR'),
        operands: v.pipe(v.array(SearchOperand, 'must be an array'), v.maxLength(20, 'must have at most 20 operands')),
      },
      'must be an object',
    ),
  ),
});

const redirect = () => opt(v.pipe(str(), v.url('must be a URL')));
const linkMinutes = () => opt(v.pipe(num(), v.integer('must be an integer')));

export const MagicLinksLoginOrCreate = v.object({
  email: email(),
  login_magic_link_url: redirect(),
  signup_magic_link_url: redirect(),
  login_expiration_minutes: linkMinutes(),
  signup_expiration_minutes: linkMinutes(),
  create_user_as_pending: opt(bool()),
  code_challenge: opt(nonEmpty()),
  locale: opt(str()),
});

export const MagicLinksInvite = v.object({
  email: email(),
  invite_magic_link_url: redirect(),
  invite_expiration_minutes: linkMinutes(),
  locale: opt(str()),
  name: opt(Name),
  trusted_metadata: Metadata(),
  untrusted_metadata: Metadata(),
});

/**
 * The session an authenticate call extends instead of starting a new one, and the end user's
 * address and agent for a new session.
 */
const currentSession = {
  session_custom_claims: noCustomClaims(),
  session_token: opt(nonEmpty()),
  session_jwt: opt(nonEmpty(LONG_TEXT_MAX_BYTES)),
  attributes: opt(v.object({ ip_address: opt(str()), user_agent: opt(str()) }, 'must be an object')),
};

/** `sessions.attest`: the browser's fields, with the server API's session fields (custom claims refused, telemetry dropped). */
export const SessionsAttestV1 = v.object({ ...requests.SessionsAttest.entries, ...currentSession });

export const MagicLinksAuthenticate = v.object({
  token: nonEmpty(),
  code_verifier: opt(nonEmpty()),
  session_duration_minutes: opt(sessionDuration()),
  ...currentSession,
});

export const OtpPhoneLoginOrCreate = v.object({
  phone_number: nonEmpty(),
  expiration_minutes: opt(v.pipe(num(), v.integer('must be an integer'))),
  create_user_as_pending: opt(bool()),
  locale: opt(str()),
});

export const OtpEmailLoginOrCreate = v.object({
  email: email(),
  expiration_minutes: opt(v.pipe(num(), v.integer('must be an integer'))),
  create_user_as_pending: opt(bool()),
  locale: opt(str()),
});

export const OtpAuthenticate = v.object({
  method_id: nonEmpty(),
  code: v.pipe(str(), v.regex(/^\d{6}$/, 'must be 6 digits')),
  session_duration_minutes: opt(sessionDuration()),
  ...currentSession,
});

export const PasswordsCreate = v.object({
  email: email(),
  password: nonEmpty(),
  session_duration_minutes: opt(sessionDuration()),
  session_custom_claims: noCustomClaims(),
  name: opt(Name),
  trusted_metadata: Metadata(),
  untrusted_metadata: Metadata(),
});

export const PasswordsAuthenticate = v.object({
  email: email(),
  password: nonEmpty(),
  session_duration_minutes: opt(sessionDuration()),
  ...currentSession,
});

export const PasswordsStrengthCheck = v.object({ password: nonEmpty(), email: opt(email()) });

const b64 = () => v.pipe(str(), v.nonEmpty('must not be empty'), v.base64('must be base64'));
const positive = () => v.pipe(num(), v.integer('must be an integer'), v.minValue(1, 'must be at least 1'));

export const PasswordsMigrate = v.variant(
  'hash_type',
  [
    v.object({ hash_type: v.literal('bcrypt'), ...migrateFields() }),
    v.object({
      hash_type: v.picklist(['argon_2i', 'argon_2id']),
      ...migrateFields(),
      argon_2_config: opt(v.object({ salt: b64(), iteration_amount: positive(), memory: positive(), threads: positive(), key_length: positive() }, 'must be an object')),
    }),
    v.object({
      hash_type: v.literal('scrypt'),
      ...migrateFields(),
      scrypt_config: v.object({ salt: b64(), n_parameter: positive(), r_parameter: positive(), p_parameter: positive(), key_length: positive() }, 'must be an object'),
    }),
  ],
  'must be one of bcrypt, argon_2i, argon_2id, scrypt',
);

function migrateFields() {
  return {
    email: email(),
    hash: nonEmpty(),
    name: opt(Name),
    trusted_metadata: Metadata(),
    untrusted_metadata: Metadata(),
    set_email_verified: opt(bool()),
  };
}

/*
 * Connected apps (`/v1/connected_apps/clients`). The token templates are refused unless empty
 * rather than dropped: an app that set one would otherwise trust tokens without its claims.
 */
const notSupported = () => opt(v.custom<string>((x) => x === '', 'is not supported by this provider (leave it empty)'));
const urlList = () => opt(v.pipe(v.array(str(), 'must be an array of strings'), v.maxLength(50, 'must have at most 50 entries')));
const ClientFieldsSchema = {
  client_name: opt(v.pipe(str(), v.maxLength(200, 'must be at most 200 characters'))),
  client_description: opt(v.pipe(str(), v.maxLength(2000, 'must be at most 2000 characters'))),
  redirect_urls: urlList(),
  post_logout_redirect_urls: urlList(),
  full_access_allowed: opt(bool()),
  access_token_expiry_minutes: opt(v.pipe(num(), v.integer('must be an integer'), v.minValue(1, 'must be at least 1'), v.maxValue(1440, 'must be at most 1440'))),
  access_token_custom_audience: opt(v.pipe(str(), v.maxLength(500, 'must be at most 500 characters'))),
  access_token_template_content: notSupported(),
  id_token_template_content: notSupported(),
  logo_url: opt(v.pipe(str(), v.maxLength(2000, 'must be at most 2000 characters'))),
  bypass_consent_for_offline_access: opt(bool()),
};

export const ConnectedAppsCreate = v.object({
  client_type: v.picklist(['first_party', 'first_party_public', 'third_party', 'third_party_public'], 'must be one of first_party, first_party_public, third_party, third_party_public'),
  ...ClientFieldsSchema,
});

export const ConnectedAppsUpdate = v.object(ClientFieldsSchema);

export const ConnectedAppsSearch = v.object({
  cursor: opt(str()),
  limit: opt(v.pipe(num(), v.integer('must be an integer'), v.minValue(1, 'must be at least 1'), v.maxValue(1000, 'must be at most 1000'))),
});

/** Whom a site's own consent page asks for: a user by id, or by a session of theirs. */
const idpUser = { user_id: opt(nonEmpty()), session_token: opt(nonEmpty()), session_jwt: opt(nonEmpty()) };
export const IdpAuthorizeStartV1 = v.pipe(v.object({ ...requests.IdpAuthorizeStart.entries, ...idpUser }), exactlyOne(['user_id', 'session_token', 'session_jwt']));
export const IdpAuthorizeV1 = v.pipe(v.object({ ...requests.IdpAuthorizeSubmit.entries, ...idpUser }), exactlyOne(['user_id', 'session_token', 'session_jwt']));
/** Whom a site's own B2B consent page asks for: a member by organization and id, or by a session of theirs. */
const idpMember = { organization_id: opt(nonEmpty()), member_id: opt(nonEmpty()), session_token: opt(nonEmpty()), session_jwt: opt(nonEmpty()) };
function memberNeedsOrganization<T extends { organization_id?: string; member_id?: string }>() {
  return v.check<T, string>((o) => (o.member_id === undefined) === (o.organization_id === undefined), 'organization_id and member_id go together');
}
export const B2BIdpAuthorizeStartV1 = v.pipe(v.object({ ...requests.IdpAuthorizeStart.entries, ...idpMember }), exactlyOne(['member_id', 'session_token', 'session_jwt']), memberNeedsOrganization());
export const B2BIdpAuthorizeV1 = v.pipe(v.object({ ...requests.IdpAuthorizeSubmit.entries, ...idpMember }), exactlyOne(['member_id', 'session_token', 'session_jwt']), memberNeedsOrganization());

/*
 * The authorization server's endpoints (`/v1/oauth2/...`): every parameter optional here, so
 * that a missing one is answered by the route in OAuth's words (`invalid_request`,
 * `unsupported_grant_type`); a repeated one (an array) is refused as not a string.
 */
const oauthParam = () => opt(v.pipe(str(), v.maxLength(8192, 'must be at most 8192 characters')));
export const OAuthTokenRequest = v.object({
  grant_type: oauthParam(),
  code: oauthParam(),
  redirect_uri: oauthParam(),
  code_verifier: oauthParam(),
  refresh_token: oauthParam(),
  scope: oauthParam(),
  client_id: oauthParam(),
  client_secret: oauthParam(),
  resource: opt(
    v.union(
      [v.pipe(str(), v.maxLength(2000, 'must be at most 2000 characters')), v.pipe(v.array(str(), 'must be a string or an array of strings'), v.maxLength(10, 'must have at most 10 entries'))],
      'must be a string or an array of strings',
    ),
  ),
});
export const OAuthTokenOnly = v.object({ token: oauthParam(), token_type_hint: oauthParam(), client_id: oauthParam(), client_secret: oauthParam() });

/** Dynamic registration's metadata (RFC 7591 §2): checked field by field by the service, in OAuth's words. */
export const OAuthRegister = v.record(v.string(), v.unknown(), 'must be a JSON object');
