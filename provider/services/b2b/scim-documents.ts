import { ENTERPRISE_USER } from './scim-patch.ts';

/*
 * The SCIM service's discovery documents (RFC 7644 §4, RFC 7643 §5–7): what it supports, its
 * two resource types and their schemas. They say only what the service does: PATCH and
 * filters yes, bulk, sort, ETags and password changes no.
 */

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export { ENTERPRISE_USER };

/** The largest page a list answers (`count` beyond it is cut to it). */
export const MAX_RESULTS = 200;

export function serviceProviderConfig(base: string): Record<string, unknown> {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: 'https://www.rfc-editor.org/rfc/rfc7644',
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [{ type: 'oauthbearertoken', name: 'Bearer token', description: 'The SCIM connection\u2019s bearer token in the Authorization header.', primary: true }],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

export function resourceTypes(base: string): Array<Record<string, unknown>> {
  return [
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A member of the organization',
      schema: USER_SCHEMA,
      schemaExtensions: [{ schema: ENTERPRISE_USER, required: false }],
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A group of members, whose membership may give roles',
      schema: GROUP_SCHEMA,
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
    },
  ];
}

type Attr = Record<string, unknown>;
const attr = (name: string, o: Partial<Attr> = {}): Attr => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...o,
});
const multi = (name: string, subs: Attr[]): Attr => attr(name, { type: 'complex', multiValued: true, subAttributes: subs });
const typed = (name: string) => multi(name, [attr('value'), attr('display'), attr('type'), attr('primary', { type: 'boolean' })]);

export function schemas(base: string): Array<Record<string, unknown>> {
  const doc = (id: string, name: string, attributes: Attr[]) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id,
    name,
    attributes,
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${id}` },
  });
  return [
    doc(USER_SCHEMA, 'User', [
      attr('userName', { required: true, uniqueness: 'server' }),
      attr('name', {
        type: 'complex',
        subAttributes: ['formatted', 'familyName', 'givenName', 'middleName', 'honorificPrefix', 'honorificSuffix'].map((n) => attr(n)),
      }),
      attr('displayName'),
      attr('nickName'),
      attr('title'),
      attr('userType'),
      attr('preferredLanguage'),
      attr('locale'),
      attr('timezone'),
      attr('active', { type: 'boolean' }),
      typed('emails'),
      typed('phoneNumbers'),
      multi('groups', [attr('value', { mutability: 'readOnly' }), attr('display', { mutability: 'readOnly' }), attr('$ref', { type: 'reference', mutability: 'readOnly' })]),
    ]),
    doc(GROUP_SCHEMA, 'Group', [
      attr('displayName', { required: true, uniqueness: 'server' }),
      multi('members', [attr('value', { mutability: 'immutable' }), attr('display'), attr('$ref', { type: 'reference', mutability: 'immutable' })]),
    ]),
    doc(ENTERPRISE_USER, 'EnterpriseUser', [
      attr('employeeNumber'),
      attr('costCenter'),
      attr('organization'),
      attr('division'),
      attr('department'),
      attr('manager', { type: 'complex', subAttributes: [attr('value'), attr('displayName', { mutability: 'readOnly' })] }),
    ]),
  ];
}
