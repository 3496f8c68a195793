import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLarge, isEmail, isLocalRequest, readBody } from './idp/pages.ts';
import type { LocalOidcIssuer } from './idp/oidc.ts';
import type { LocalSamlIdp } from './idp/saml.ts';

/*
 * The B2B admin page's backend (`/admin/api/…`): what a company's own server does with the
 * provider's server API (/v1, the project secret), for the page in the browser, which never
 * sees the secret. It lists organizations, sets one's MFA policy and allowed sign-in methods,
 * invites a member, and connects SSO to the demo's local OIDC issuer and SAML IdP.
 * Only this machine is answered, and a change only from this server's own pages (same origin,
 * JSON), so another site open in the browser cannot drive it.
 */

/** Where and as whom the demo server calls the provider's server API. */
export interface ServerApi {
  url: string;
  projectId: string;
  secret: string;
}

interface ProviderAnswer {
  status: number;
  body: Record<string, unknown>;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly errorType: string,
    message: string,
  ) {
    super(message);
  }
}

const MFA_POLICIES = ['OPTIONAL', 'REQUIRED_FOR_ALL'];
const RESTRICTIONS = ['ALL_ALLOWED', 'RESTRICTED'];

export function b2bAdmin(o: { api: ServerApi | undefined; oidc: LocalOidcIssuer; saml: LocalSamlIdp }) {
  async function call(method: string, path: string, body?: unknown): Promise<ProviderAnswer> {
    if (!o.api) throw new Refusal(503, 'admin_not_configured', 'The admin page needs the project secret: npm start passes it to the demo server; this demo server was started without it.');
    let res: Response;
    try {
      res = await fetch(`${o.api.url.replace(/\/+$/, '')}/v1${path}`, {
        method,
        headers: { Authorization: `Basic ${Buffer.from(`${o.api.projectId}:${o.api.secret}`).toString('base64')}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    } catch {
      throw new Refusal(502, 'provider_unreachable', 'The provider could not be reached.');
    }
    const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) throw new Refusal(res.status, String(answer.error_type ?? 'provider_error'), String(answer.error_message ?? `The provider answered ${res.status}.`));
    return { status: res.status, body: answer };
  }

  const id = (s: string) => encodeURIComponent(s);

  async function organizationDetail(orgId: string) {
    const [org, sso, members] = await Promise.all([
      call('GET', `/b2b/organizations/${id(orgId)}`),
      call('GET', `/b2b/sso/${id(orgId)}`),
      call('POST', '/b2b/organizations/members/search', { organization_ids: [orgId], limit: 100 }),
    ]);
    return { organization: org.body.organization, saml_connections: sso.body.saml_connections, oidc_connections: sso.body.oidc_connections, members: members.body.members };
  }

  /** Creates a connection of `protocol` pointed at the local IdP, lets it admit new members, and answers the organization as it now is. */
  async function connect(orgId: string, protocol: 'oidc' | 'saml') {
    const created = await call('POST', `/b2b/sso/${protocol}/${id(orgId)}`, { display_name: protocol === 'oidc' ? 'Local OIDC issuer' : 'Local SAML IdP' });
    const connection = created.body.connection as { connection_id: string };
    const settings =
      protocol === 'oidc'
        ? { issuer: o.oidc.issuer, client_id: o.oidc.clientId, client_secret: o.oidc.clientSecret }
        : { idp_entity_id: o.saml.entityId, idp_sso_url: o.saml.ssoUrl, x509_certificate: o.saml.certificate, attribute_mapping: { email: 'email', first_name: 'first_name', last_name: 'last_name' } };
    await call('PUT', `/b2b/sso/${protocol}/${id(orgId)}/connections/${id(connection.connection_id)}`, settings);
    // Whoever the local IdP vouches for may join through this connection (JIT provisioning).
    const org = (await call('GET', `/b2b/organizations/${id(orgId)}`)).body.organization as { sso_jit_provisioning: string; sso_jit_provisioning_allowed_connections: string[] };
    if (org.sso_jit_provisioning !== 'ALL_ALLOWED') {
      await call('PUT', `/b2b/organizations/${id(orgId)}`, {
        sso_jit_provisioning: 'RESTRICTED',
        sso_jit_provisioning_allowed_connections: [...org.sso_jit_provisioning_allowed_connections, connection.connection_id],
      });
    }
    return { connection_id: connection.connection_id, ...(await organizationDetail(orgId)) };
  }

  function policyOf(b: Record<string, unknown>) {
    const out: Record<string, unknown> = {};
    if (b.mfa_policy !== undefined) {
      if (!MFA_POLICIES.includes(b.mfa_policy as string)) throw new Refusal(400, 'invalid_mfa_policy', 'mfa_policy must be OPTIONAL or REQUIRED_FOR_ALL.');
      out.mfa_policy = b.mfa_policy;
    }
    for (const [mode, list] of [
      ['auth_methods', 'allowed_auth_methods'],
      ['mfa_methods', 'allowed_mfa_methods'],
    ] as const) {
      if (b[mode] === undefined) continue;
      if (!RESTRICTIONS.includes(b[mode] as string)) throw new Refusal(400, `invalid_${mode}`, `${mode} must be ALL_ALLOWED or RESTRICTED.`);
      const allowed = b[list] ?? [];
      if (!Array.isArray(allowed) || !allowed.every((m) => typeof m === 'string')) throw new Refusal(400, `invalid_${list}`, `${list} must be a list of methods.`);
      if (b[mode] === 'RESTRICTED' && allowed.length === 0) throw new Refusal(400, `invalid_${list}`, `Choose at least one method when ${mode} is restricted.`);
      out[mode] = b[mode];
      out[list] = allowed;
    }
    return out;
  }

  async function route(req: IncomingMessage, path: string): Promise<unknown> {
    const method = req.method ?? 'GET';
    const body = method === 'GET' ? {} : await jsonBody(req);
    if (path === '/organizations' && method === 'GET') {
      const found = await call('POST', '/b2b/organizations/search', { limit: 100 });
      return { organizations: found.body.organizations };
    }
    const m = /^\/organizations\/([^/]+)(\/policy|\/invite|\/sso\/(oidc|saml))?$/.exec(path);
    if (!m) throw new Refusal(404, 'route_not_found', 'No such admin endpoint.');
    const orgId = decodeURIComponent(m[1]!);
    if (!m[2] && method === 'GET') return organizationDetail(orgId);
    if (m[2] === '/policy' && method === 'PUT') {
      await call('PUT', `/b2b/organizations/${id(orgId)}`, policyOf(body));
      return organizationDetail(orgId);
    }
    if (m[2] === '/invite' && method === 'POST') {
      const email = typeof body.email_address === 'string' ? body.email_address.trim() : '';
      if (!isEmail(email)) throw new Refusal(400, 'invalid_email', 'Enter a valid email address.');
      // The invitation links to the demo's B2B page, which signs the invitee in with the token it carries.
      const invited = await call('POST', '/b2b/magic_links/email/invite', { organization_id: orgId, email_address: email, invite_redirect_url: `http://${req.headers.host}/b2b.html` });
      return { member: invited.body.member };
    }
    if (m[3] && method === 'POST') return connect(orgId, m[3] as 'oidc' | 'saml');
    throw new Refusal(405, 'method_not_allowed', 'This admin endpoint does not take that method.');
  }

  async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) throw new Refusal(415, 'json_required', 'Send JSON (Content-Type: application/json).');
    let parsed: unknown;
    try {
      parsed = JSON.parse((await readBody(req)) || '{}');
    } catch (e) {
      if (e instanceof BodyTooLarge) throw new Refusal(413, 'body_too_large', 'The request body is too large.');
      throw new Refusal(400, 'invalid_json', 'The request body is not JSON.');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Refusal(400, 'invalid_json', 'The request body must be a JSON object.');
    return parsed as Record<string, unknown>;
  }

  return {
    /** Answers /admin/api/…; false for any other path. */
    async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
      if (!url.pathname.startsWith('/admin/api/')) return false;
      const send = (status: number, body: unknown) => void res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      try {
        if (!isLocalRequest(req)) throw new Refusal(403, 'admin_loopback_only', 'The admin page answers only this machine.');
        // A change comes from this server's own page: same origin (a browser always says it on a non-GET fetch).
        if (req.method !== 'GET' && req.headers.origin !== `http://${req.headers.host}`) throw new Refusal(403, 'forbidden_origin', "Admin changes are accepted only from the demo's own admin page.");
        send(200, await route(req, url.pathname.slice('/admin/api'.length)));
      } catch (e) {
        if (!(e instanceof Refusal)) throw e;
        send(e.status, { status_code: e.status, error_type: e.errorType, error_message: e.message });
      }
      return true;
    },
  };
}
