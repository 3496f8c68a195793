import { Hono } from 'hono';
import * as v from 'valibot';
import { LONG_TEXT_MAX_BYTES, nonEmpty, str } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import { ApiError } from '../http/errors.ts';
import { readJson } from '../http/guards.ts';
import { completePageFlow } from '../http/redirect-flow.ts';
import { SchemaError } from '../http/validate.ts';
import { redirectUrl } from '../services/email-tokens.ts';
import { saveState } from '../services/oauth-state.ts';
import { DEFAULT_SCOPES, type Upstream } from '../services/oauth-upstream.ts';
import { isProjectPublicToken } from '../config.ts';

const StartBody = v.object({ public_token: nonEmpty() });
const SubmitBody = v.object({
  public_token: nonEmpty(),
  id_token: nonEmpty(LONG_TEXT_MAX_BYTES),
  oauth_callback_id: nonEmpty(),
  login_redirect_url: v.optional(str()),
  signup_redirect_url: v.optional(str()),
});

async function parse<S extends v.GenericSchema>(req: Request, schema: S): Promise<v.InferOutput<S>> {
  const r = v.safeParse(schema, await readJson(req));
  if (!r.success) throw new SchemaError(r.issues.map((i) => ({ dataPath: `.${v.getDotPath(i) ?? ''}`, message: i.message })));
  return r.output;
}

/**
 * Google One Tap for a project with a Google client configured: the clientside-services page
 * calls these on the provider's own origin (after its exact origin check). Start opens a
 * single-use callback id; submit verifies Google's ID token, then signs the account in like
 * any OAuth flow and answers the redirect URL carrying the oauth token.
 */
export function oneTapRoutes(ctx: ProviderContext, google: Upstream | undefined): Hono {
  const app = new Hono();
  const checkToken = (token: string) => {
    if (!isProjectPublicToken(ctx.config, token)) throw new ApiError(401, 'invalid_public_token', 'The public token is not valid for any project.');
  };
  const client = () => {
    if (!google) throw new ApiError(400, 'oauth_config_not_found', 'No Google OAuth client is configured for this project.');
    return google;
  };

  app.post('/v1/public/oauth/google/one_tap/start', async (c) => {
    const req = await parse(c.req.raw, StartBody);
    checkToken(req.public_token);
    const g = client();
    // The redirect URLs come with the credential; the flow row only binds the callback id.
    const oauthCallbackId = await saveState(ctx, ctx.db, {
      provider_type: 'google',
      code_challenge: null,
      login_redirect_url: '',
      signup_redirect_url: '',
      scopes: 'openid email profile',
      provider_params: {},
      upstream_verifier: null,
      upstream_nonce: null,
    });
    return c.json({ googleClientId: g.client.client_id, oauthCallbackId });
  });

  app.post('/v1/public/oauth/google/one_tap/submit', async (c) => {
    const req = await parse(c.req.raw, SubmitBody);
    checkToken(req.public_token);
    const g = client();
    if (ctx.config.redirectUrls.length === 0) {
      throw new ApiError(400, 'no_login_redirect_urls_set', 'The project has no redirect URLs to verify the One Tap redirect against.');
    }
    const login = redirectUrl(ctx, req.login_redirect_url);
    const signup = redirectUrl(ctx, req.signup_redirect_url ?? req.login_redirect_url);
    const profile = await g.verifyIdToken(req.id_token);
    const redirect_url = await completePageFlow(ctx, 'google', req.oauth_callback_id, 'This One Tap prompt has expired or was already used; reload the page.', (state) => ({
      state: { ...state, login_redirect_url: login, signup_redirect_url: signup },
      profile,
      values: { id_token: req.id_token, scopes: [...DEFAULT_SCOPES] },
    }));
    return c.json({ redirect_url });
  });

  return app;
}
