#!/usr/bin/env node
/*
 * Plays an identity provider (as Okta would) provisioning five users and a group over SCIM
 * into one organization of the demo, against the provider `npm start` runs:
 *
 *   STYTCH_PROJECT_ID=… STYTCH_SECRET=… node scripts/scim-demo.mjs [organization slug]
 *
 * (npm start prints the project id and secret.) Through the server API it gives the
 * organization a SCIM connection (or, when it has one, rotates its token, since a token is
 * shown only once), then, with that connection's bearer token only, it creates the users,
 * finds one by userName as Okta does before a create, pushes a group holding them all, and
 * maps the group to the admin role. PROVIDER_URL (http://localhost:8787) names the provider.
 */
const provider = (process.env.PROVIDER_URL ?? 'http://localhost:8787').replace(/\/+$/, '');
const projectId = process.env.STYTCH_PROJECT_ID;
const secret = process.env.STYTCH_SECRET;
if (!projectId || !secret) {
  console.error('Set STYTCH_PROJECT_ID and STYTCH_SECRET (npm start prints both).');
  process.exit(2);
}

async function call(url, method, body, auth, type = 'application/json') {
  const res = await fetch(url, { method, headers: { Authorization: auth, ...(body ? { 'Content-Type': type } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const text = await res.text();
  const json = text ? JSON.parse(text) : {};
  if (!res.ok) throw new Error(`${method} ${url} -> ${res.status}: ${text}`);
  return json;
}
const basic = `Basic ${Buffer.from(`${projectId}:${secret}`).toString('base64')}`;
const server = (method, path, body) => call(`${provider}/v1${path}`, method, body, basic);

const slug = process.argv[2];
const found = await server('POST', '/b2b/organizations/search', { limit: 100 });
const org = slug ? found.organizations.find((o) => o.organization_slug === slug) : found.organizations[0];
if (!org) {
  console.error(slug ? `No organization with the slug ${slug}.` : 'No organization yet: create one on the demo\u2019s B2B page first.');
  process.exit(1);
}
const orgId = org.organization_id;

let connection = (await server('GET', `/b2b/scim/${orgId}/connection`)).connection;
let token;
if (!connection) {
  connection = (await server('POST', `/b2b/scim/${orgId}/connection`, { display_name: 'Demo IdP', identity_provider: 'okta' })).connection;
  token = connection.bearer_token;
} else {
  if (connection.next_bearer_token_last_four) await server('POST', `/b2b/scim/${orgId}/connection/${connection.connection_id}/rotate/cancel`, {});
  token = (await server('POST', `/b2b/scim/${orgId}/connection/${connection.connection_id}/rotate/start`, {})).connection.next_bearer_token;
  await server('POST', `/b2b/scim/${orgId}/connection/${connection.connection_id}/rotate/complete`, {});
}
console.log(`Organization ${org.organization_name} (${org.organization_slug}), SCIM base URL ${connection.base_url}`);

// From here on, only what an identity provider has: the base URL and the bearer token.
const scim = (method, path, body) => call(`${connection.base_url}${path}`, method, body, `Bearer ${token}`, 'application/scim+json');
const run = Date.now().toString(36);
const people = ['ada', 'grace', 'alan', 'edsger', 'barbara'].map((n) => ({ given: n[0].toUpperCase() + n.slice(1), email: `${n}.${run}@scim-demo.example` }));
const ids = [];
for (const p of people) {
  const existing = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${p.email}"`)}`);
  const user =
    existing.Resources[0] ??
    (await scim('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: p.email,
      name: { givenName: p.given, familyName: 'Demo' },
      emails: [{ primary: true, value: p.email, type: 'work' }],
      externalId: `demo-${p.given.toLowerCase()}-${run}`,
      active: true,
    }));
  ids.push(user.id);
  console.log(`  user ${p.email} -> ${user.id}`);
}
const group = await scim('POST', '/Groups', {
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
  displayName: `Demo admins ${run}`,
  members: ids.slice(0, 2).map((value) => ({ value })),
});
await scim('PATCH', `/Groups/${group.id}`, {
  schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
  Operations: [{ op: 'add', path: 'members', value: ids.slice(2).map((value) => ({ value })) }],
});
console.log(`  group ${group.displayName} -> ${group.id} (five members)`);

await server('PUT', `/b2b/scim/${orgId}/connection/${connection.connection_id}`, {
  scim_group_implicit_role_assignments: [{ group_id: group.id, role_id: 'stytch_admin' }],
});
const member = await server('GET', `/b2b/organizations/${orgId}/member?email_address=${encodeURIComponent(people[0].email)}`);
console.log(`The group gives stytch_admin: ${people[0].email} is_admin=${member.member.is_admin}. Members: the demo's B2B admin page or the server API.`);
