import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

export const CLIENT_ID = 'widget-client';
export const CLIENT_SECRET = 'widget-secret';

/**
 * A tiny OpenID Connect issuer: discovery, an authorize endpoint that approves at once as
 * the current test account, and a token endpoint that checks client credentials, the
 * redirect URI and the PKCE verifier before issuing an ID token.
 */
export async function fakeIssuer(clientId = CLIENT_ID, clientSecret = CLIENT_SECRET) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { challenge: string; redirectUri: string; nonce: string; account: Account }>();
  const seen: { authorize: URLSearchParams[]; tokenErrors: string[] } = { authorize: [], tokenErrors: [] };
  type Account = { sub: string; email: string; name: string };
  let account: Account = { sub: 'sub-1', email: 'a@example.test', name: 'Ada Lovelace' };
  let nonceOverride: string | undefined;
  let url = '';
  const server: Server = createServer(async (req, res) => {
    const u = new URL(req.url ?? '/', url);
    const json = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (u.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: url,
        authorization_endpoint: `${url}/authorize`,
        token_endpoint: `${url}/token`,
        jwks_uri: `${url}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (u.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (u.pathname === '/authorize') {
      seen.authorize.push(u.searchParams);
      const code = randomBytes(16).toString('hex');
      codes.set(code, { challenge: u.searchParams.get('code_challenge')!, redirectUri: u.searchParams.get('redirect_uri')!, nonce: u.searchParams.get('nonce')!, account });
      const back = new URL(u.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', u.searchParams.get('state')!);
      return res.writeHead(302, { Location: back.toString() }).end();
    }
    if (u.pathname === '/token' && req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += chunk;
      const form = new URLSearchParams(body);
      const fail = (why: string) => (seen.tokenErrors.push(why), json(400, { error: 'invalid_grant', error_description: why }));
      // RFC 6749 §2.3.1: id and secret are form-urlencoded before the Basic encoding.
      const [id, secret] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
        .toString()
        .split(':')
        .map((x) => decodeURIComponent(x));
      if (id !== clientId || secret !== clientSecret) return fail('client authentication');
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!grant) return fail('unknown code');
      if (form.get('redirect_uri') !== grant.redirectUri) return fail('redirect_uri');
      if (
        createHash('sha256')
          .update(form.get('code_verifier') ?? '')
          .digest('base64url') !== grant.challenge
      )
        return fail('pkce');
      const now = Math.floor(Date.now() / 1000);
      const idToken = await new SignJWT({ email: grant.account.email, email_verified: true, name: grant.account.name, nonce: nonceOverride ?? grant.nonce })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(url)
        .setAudience(clientId)
        .setSubject(grant.account.sub)
        .setIssuedAt(now)
        .setExpirationTime(now + 300)
        .sign(privateKey);
      return json(200, { access_token: 'upstream-access', token_type: 'Bearer', expires_in: 3600, id_token: idToken, scope: 'openid email profile' });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    as(a: Account) {
      account = a;
    },
    badNonce(n: string | undefined) {
      nonceOverride = n;
    },
    /** A credential as Google One Tap hands it to the page: an ID token for this client. */
    credential(claims: JWTPayload, key = privateKey) {
      const now = Math.floor(Date.now() / 1000);
      const { exp: _exp, ...rest } = claims;
      return new SignJWT({ email_verified: true, ...rest })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(url)
        .setAudience(clientId)
        .setIssuedAt(now)
        .setExpirationTime(claims.exp ?? now + 300)
        .sign(key);
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
