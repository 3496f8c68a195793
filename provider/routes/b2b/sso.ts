import { Hono, type Context } from 'hono';
import * as b2b from '../../../client/schemas/b2b-mfa-sso-requests.ts';
import { EMAIL_PATTERN } from '../../../client/schemas/fields.ts';
import type { ProviderContext } from '../../context.ts';
import { endpoint } from '../../http/endpoint.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { deniedRedirect, failuresReturnTo, providerParams, startQuery } from '../../http/redirect-flow.ts';
import { abandonSso, finishOidcSso, finishSamlSso } from '../../services/b2b/sso-callback.ts';
import { addConnection, addExternalConnection, changeConnection, changeConnectionByUrl, changeExternalConnection, removeCertificate, removeConnection } from '../../services/b2b/sso-admin.ts';
import {
  activeConnectionShape,
  audienceUri,
  callbackUrl,
  connectionById,
  connectionShape,
  connectionsForEmail,
  listConnections,
  providerBase,
  type Protocol,
} from '../../services/b2b/sso-connections.ts';
import { externalConnectionShape, listExternalConnections, signInConnection } from '../../services/b2b/sso-external.ts';
import { authenticateSso, oidcProfile, peekSsoState, ssoStateApp, startSso } from '../../services/b2b/sso-flow.ts';
import { redirectUrl } from '../../services/email-tokens.ts';
import { serviceProviderMetadata } from '../../services/saml.ts';
import { redirectFlowErrors } from '../redirect-flow-errors.ts';
import { requirePermission } from '../../services/b2b/rbac.ts';

/**
 * The member an SSO sign-in is for: the organization's member with the address the IdP
 * vouched for; else, when the organization's SSO JIT provisioning admits this connection, a
 * new active member. The address is locked, so parallel first sign-ins create one member.
 */

/** SSO connections (admins), the browser's sign-in start and IdP callbacks, and sso/authenticate. */
export function b2bSsoRoutes(ctx: ProviderContext): { sdk: Hono; pub: Hono } {
  const sdk = new Hono();
  const base = (c: Context) => providerBase(ctx, c.req.url);

  sdk.get(
    '/b2b/sso',
    endpoint(ctx, { as: 'member', session: 'required' }, async ({ c, caller }) => {
      requirePermission(ctx.config, caller, 'stytch.sso', 'get');
      const rows = await listConnections(ctx.db, caller.org.organization_id);
      const of = (p: Protocol) => rows.filter((r) => r.protocol === p).map((r) => connectionShape(r, base(c)));
      const external = (await listExternalConnections(ctx.db, caller.org.organization_id)).map(externalConnectionShape);
      return ok(c, { saml_connections: of('saml'), oidc_connections: of('oidc'), external_connections: external });
    }),
  );

  // External connections (the official client's `sso.external`): another organization's connection, for the caller's.
  sdk.post(
    '/b2b/sso/external',
    endpoint(ctx, { as: 'member', session: 'required', schema: b2b.ExternalCreateConnection }, async ({ c, caller, req }) => {
      requirePermission(ctx.config, caller, 'stytch.sso', 'create');
      return ok(c, { connection: externalConnectionShape(await addExternalConnection(ctx, caller.org.organization_id, req)) });
    }),
  );
  sdk.put(
    '/b2b/sso/external/:connection_id',
    endpoint(ctx, { as: 'member', session: 'required', schema: b2b.ExternalUpdateConnection }, async ({ c, caller, req }) => {
      requirePermission(ctx.config, caller, 'stytch.sso', 'update');
      const row = await changeExternalConnection(ctx, caller.org.organization_id, c.req.param('connection_id') ?? '', req);
      return ok(c, { connection: externalConnectionShape(row) });
    }),
  );

  for (const protocol of ['saml', 'oidc'] as const) {
    sdk.post(
      `/b2b/sso/${protocol}`,
      endpoint(ctx, { as: 'member', session: 'required', schema: b2b.SsoCreateConnection }, async ({ c, caller, req }) => {
        requirePermission(ctx.config, caller, 'stytch.sso', 'create');
        const row = await addConnection(ctx, caller.org.organization_id, protocol, req);
        return ok(c, { connection: connectionShape(row, base(c)) });
      }),
    );
    const schema = protocol === 'saml' ? b2b.SamlUpdateConnection : b2b.OidcUpdateConnection;
    sdk.put(
      `/b2b/sso/${protocol}/:connection_id`,
      endpoint(ctx, { as: 'member', session: 'required', schema }, async ({ c, caller, req }) => {
        requirePermission(ctx.config, caller, 'stytch.sso', 'update');
        const row = await changeConnection(ctx, caller.org.organization_id, c.req.param('connection_id') ?? '', protocol, req);
        return ok(c, { connection: connectionShape(row, base(c)), ...(protocol === 'oidc' ? { warning: '' } : {}) });
      }),
    );
  }

  sdk.put(
    '/b2b/sso/saml/:connection_id/url',
    endpoint(ctx, { as: 'member', session: 'required', schema: b2b.SamlUpdateByUrl }, async ({ c, caller, req }) => {
      requirePermission(ctx.config, caller, 'stytch.sso', 'update');
      const row = await changeConnectionByUrl(ctx, caller.org.organization_id, c.req.param('connection_id') ?? '', req.metadata_url);
      return ok(c, { connection: connectionShape(row, base(c)) });
    }),
  );

  sdk.delete(
    '/b2b/sso/saml/:connection_id/verification_certificates/:certificate_id',
    endpoint(ctx, { as: 'member', session: 'required' }, async ({ c, caller }) => {
      requirePermission(ctx.config, caller, 'stytch.sso', 'update');
      await removeCertificate(ctx, caller.org.organization_id, c.req.param('connection_id') ?? '', c.req.param('certificate_id') ?? '');
      return ok(c, { certificate_id: c.req.param('certificate_id') });
    }),
  );

  sdk.delete(
    '/b2b/sso/:connection_id',
    endpoint(ctx, { as: 'member', session: 'required' }, async ({ c, caller }) => {
      requirePermission(ctx.config, caller, 'stytch.sso', 'delete');
      await removeConnection(ctx, caller.org.organization_id, c.req.param('connection_id') ?? '');
      return ok(c, { connection_id: c.req.param('connection_id') });
    }),
  );

  // SSO discovery: which connections an address can use, before it has signed in anywhere.
  sdk.get(
    '/b2b/sso/discovery/connections',
    endpoint(ctx, { as: 'member', session: 'optional' }, async ({ c }) => {
      const email = c.req.query('email_address') ?? '';
      if (!EMAIL_PATTERN.test(email)) throw new ApiError(400, 'invalid_email', 'email_address must be a valid email address.');
      return ok(c, { connections: (await connectionsForEmail(ctx.db, email)).map(activeConnectionShape) });
    }),
  );

  sdk.post(
    '/b2b/sso/authenticate',
    endpoint(ctx, { as: 'member', session: 'optional', schema: b2b.SsoAuthenticate, minutes: true }, async ({ c, caller, req, minutes }) => {
      const current = caller.member && caller.memberSessionId ? { memberId: caller.member.member_id, sessionId: caller.memberSessionId } : null;
      return ok(c, await authenticateSso(ctx, req.sso_token, req.pkce_code_verifier, { minutes, client: caller.client, current }));
    }),
  );

  const pub = new Hono();
  pub.onError(redirectFlowErrors);

  pub.get('/v1/public/sso/start', async (c) => {
    const { q, query, codeChallenge } = startQuery(ctx, c, b2b.SsoStartQuery, { flow: 'sso', field: 'pkce_code_challenge' });
    const login = redirectUrl(ctx, q.login_redirect_url);
    const signup = redirectUrl(ctx, q.signup_redirect_url ?? q.login_redirect_url);
    // The app is known (and allowed): from here a refusal (no such connection, one not active) goes back to it.
    failuresReturnTo(ctx, c, login);
    // An external connection's id starts a sign-in at its source's IdP, for the organization that owns it.
    const found = await signInConnection(ctx.db, q.connection_id);
    if (!found) throw new ApiError(404, 'connection_not_found', 'No SSO connection with this id.');
    const params = providerParams(query);
    const target = await startSso(ctx, ctx.db, base(c), found.row, { codeChallenge, loginRedirectUrl: login, signupRedirectUrl: signup, params, via: found.via });
    return c.redirect(target, 302);
  });

  const connectionOf = async (c: Context) => {
    const row = await connectionById(ctx.db, c.req.param('connection_id') ?? '');
    if (!row) throw new ApiError(404, 'connection_not_found', 'No SSO connection with this id.');
    return row;
  };

  // The audience URI names this page: the SP metadata an IdP admin imports.
  pub.get('/v1/public/sso/saml/metadata/:connection_id', async (c) => {
    const row = await connectionOf(c);
    if (row.protocol !== 'saml') throw new ApiError(404, 'connection_not_found', 'No SAML connection with this id.');
    c.header('Content-Type', 'application/samlmetadata+xml; charset=utf-8');
    return c.body(await serviceProviderMetadata({ entityId: audienceUri(base(c), row.connection_id), acsUrl: callbackUrl(base(c), row.connection_id) }));
  });

  // SAML HTTP-POST binding: the IdP's page posts SAMLResponse and our RelayState (the sign-in's state).
  pub.post('/v1/public/sso/callback/:connection_id', async (c) => {
    const row = await connectionOf(c);
    if (row.protocol !== 'saml') throw new ApiError(404, 'connection_not_found', 'No SAML connection with this id.');
    const form = await c.req.parseBody();
    const samlResponse = typeof form['SAMLResponse'] === 'string' ? form['SAMLResponse'] : '';
    const relayState = typeof form['RelayState'] === 'string' ? form['RelayState'] : '';
    failuresReturnTo(ctx, c, await ssoStateApp(ctx.db, row.connection_id, relayState));
    if (!samlResponse) throw new ApiError(400, 'saml_invalid_response', 'The callback carries no SAMLResponse.');
    const state = await peekSsoState(ctx, ctx.db, row.connection_id, relayState);
    const target = await finishSamlSso(ctx, base(c), row, state, samlResponse);
    return c.redirect(target, 303);
  });

  // OIDC: the IdP redirects back with a code (or an error) and our state.
  pub.get('/v1/public/sso/callback/:connection_id', async (c) => {
    const row = await connectionOf(c);
    if (row.protocol !== 'oidc') throw new ApiError(404, 'connection_not_found', 'No OIDC connection with this id.');
    const raw = c.req.query('state') ?? '';
    failuresReturnTo(ctx, c, await ssoStateApp(ctx.db, row.connection_id, raw));
    const state = await peekSsoState(ctx, ctx.db, row.connection_id, raw);
    const denied = deniedRedirect(c, state.login_redirect_url, 'The identity provider did not complete the sign-in.');
    if (denied) {
      await abandonSso(ctx, state);
      return denied;
    }
    const profile = await oidcProfile(ctx, base(c), row, state, new URL(c.req.url), raw);
    const target = await finishOidcSso(ctx, row, state, profile);
    return c.redirect(target, 303);
  });

  return { sdk, pub };
}
