// The peer of `BENCH_ROWS=oauth npm run bench:provider`: oidc-provider, the certified Node
// authorization server, on PostgreSQL through a small adapter (adapter.mjs), configured as
// close to ours as it allows: one confidential client (client_secret_basic) registered up
// front, PKCE S256 required, ES256 ID tokens, the same lifetimes (access and ID tokens an hour,
// codes 60 s, refresh tokens and grants 30 days), refresh tokens not rotated (ours are not for
// a confidential client), introspection on. Its access tokens are opaque (its default, and
// the only kind it can introspect; ours are JWTs whose authorization is looked up). Accounts
// are rows of a table of its own, read by findAccount as a deployment's would be.
// POST /bench/codes {n, code_challenge} mints n authorization codes through its own models
// (Grant, AuthorizationCode), as its interaction flow would have left them after consent, so
// the bench can spend one per token request. Started by the bench with WORKERS processes on
// PORT (bench/peer-cluster.mjs).
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import Provider from 'oidc-provider';
import pg from 'pg';
import { poolSize, serveCluster } from '../peer-cluster.mjs';
import { migrate, postgresAdapter } from './adapter.mjs';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const CLIENT_ID = process.env.PEER_CLIENT_ID ?? 'bench-client';
const CLIENT_SECRET = process.env.PEER_CLIENT_SECRET;
if (!CLIENT_SECRET) throw new Error('PEER_CLIENT_SECRET is required');
const REDIRECT_URI = 'https://app.example/cb';
const SCOPE = 'openid email profile offline_access';
const ACCOUNTS = 100;
const accountId = (i) => `account-${i}`;

function provider(pool, { jwk, cookieKey }, port) {
  return new Provider(`http://127.0.0.1:${port}`, {
    adapter: postgresAdapter(pool),
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [REDIRECT_URI],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [cookieKey] },
    async findAccount(_ctx, id) {
      const { rows } = await pool.query('SELECT email, email_verified, name FROM accounts WHERE id = $1', [id]);
      const row = rows[0];
      if (!row) return undefined;
      return { accountId: id, claims: () => ({ sub: id, email: row.email, email_verified: row.email_verified, ...(row.name ? { name: row.name } : {}) }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Ours puts the granted scopes' claims in the ID token too (not only in userinfo).
    conformIdTokenClaims: false,
    scopes: ['openid', 'offline_access', 'email', 'profile'],
    features: {
      devInteractions: { enabled: false },
      // As ours: a client may introspect only the tokens it was issued.
      introspection: { enabled: true, allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId },
      revocation: { enabled: true },
    },
    pkce: { required: () => true },
    rotateRefreshToken: false,
    ttl: { AccessToken: 3600, IdToken: 3600, AuthorizationCode: 60, RefreshToken: 30 * 86400, Grant: 30 * 86400, Session: 86400, Interaction: 3600 },
  });
}

/** The bench's code mint: codes for the accounts in turn, each account's one grant made on first use. */
function codeMint(oidc) {
  const grants = new Map();
  const grantOf = async (account) => {
    if (!grants.has(account)) {
      const grant = new oidc.Grant({ accountId: account, clientId: CLIENT_ID });
      grant.addOIDCScope(SCOPE);
      grants.set(account, await grant.save());
    }
    return grants.get(account);
  };
  let next = 0;
  return async (n, codeChallenge) => {
    const client = await oidc.Client.find(CLIENT_ID);
    const authTime = Math.floor(Date.now() / 1000);
    const one = async () => {
      const account = accountId(next++ % ACCOUNTS);
      const code = new oidc.AuthorizationCode({
        accountId: account,
        client,
        grantId: await grantOf(account),
        scope: SCOPE,
        redirectUri: REDIRECT_URI,
        codeChallenge,
        codeChallengeMethod: 'S256',
        authTime,
        nonce: 'n-1',
        expiresWithSession: false,
      });
      return code.save();
    };
    const codes = [];
    for (let i = 0; i < n; i += 50) codes.push(...(await Promise.all(Array.from({ length: Math.min(50, n - i) }, one))));
    return codes;
  };
}

await serveCluster({
  // Every process signs with the same key and cookie secret, as a deployment's processes would.
  shared: () => ({
    jwk: { ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }), alg: 'ES256', use: 'sig', kid: 'bench' },
    cookieKey: randomBytes(32).toString('hex'),
  }),
  async prepare() {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    await migrate(pool);
    await pool.query('CREATE TABLE IF NOT EXISTS accounts (id text PRIMARY KEY, email text NOT NULL, email_verified boolean NOT NULL, name text)');
    for (let i = 0; i < ACCOUNTS; i++) {
      await pool.query('INSERT INTO accounts (id, email, email_verified) VALUES ($1, $2, true) ON CONFLICT DO NOTHING', [accountId(i), `bench-${i}@example.test`]);
    }
    await pool.end();
  },
  handler(shared, port) {
    const pool = new pg.Pool({ connectionString: url, max: poolSize() });
    const oidc = provider(pool, shared, port);
    const mint = codeMint(oidc);
    const callback = oidc.callback();
    return (req, res) => {
      if (req.method !== 'POST' || req.url !== '/bench/codes') return callback(req, res);
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => (body += chunk));
      req.on('end', async () => {
        try {
          const { n, code_challenge } = JSON.parse(body);
          const codes = await mint(n, code_challenge);
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ codes }));
        } catch (e) {
          res.writeHead(500, { 'content-type': 'text/plain' }).end(String(e?.stack ?? e));
        }
      });
    };
  },
});
