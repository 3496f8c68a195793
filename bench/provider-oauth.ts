// The authorization server's rows of `npm run bench:provider` (BENCH_ROWS=oauth): the code
// exchange (authorization_code with its PKCE verifier), the refresh (refresh_token) and
// introspection (RFC 7662) of an access token, each with the client's credentials (Basic), ours
// beside oidc-provider's (bench/peer-oidc-provider, on a database of its own on the same
// PostgreSQL server) in alternating rounds. Both sides serve one confidential client, so
// neither rotates its refresh tokens: each side refreshes the same 100 tokens throughout.
// Every code exchange spends a code, so each round's codes are minted just before it (ours
// through our authorization route, the server API's `POST /v1/idp/oauth/authorize`, for 100
// signed-in users; theirs through oidc-provider's own models), as many as the side's warm-up
// says it exchanges in BENCH_SECONDS, fewer if minting them and spending them would outlast a
// code's 60 s; that round then ends when its last code is spent.
import { createHash, randomBytes } from 'node:crypto';
import type autocannon from 'autocannon';
// The load and the figures; then starting each side.
import { CONNECTIONS, DURATION, ROUNDS, cannon, databaseUrl, fold, header, line, ratio, roundFigures, type Figures } from './provider-harness.ts';
import { many, otpSignIn, postJson, serverAuthorization, startPeerProcess, startProvider, type Provider } from './provider-harness.ts';

const REDIRECT_URI = 'https://app.example/cb';
const SCOPES = ['openid', 'email', 'profile', 'offline_access'];
/** A code lives 60 s on both sides; minting and spending a round's codes must fit well inside it. */
const CODE_BUDGET_SECONDS = 45;
const PEER = 'oidc-provider';

/** One authorization server as the bench drives it: its endpoints, its client's credentials, and how it mints codes. */
interface Side {
  label: string;
  url: string;
  tokenPath: string;
  introspectionPath: string;
  /** The client's Basic credentials (client_secret_basic). */
  authorization: string;
  mint(n: number, challenge: string): Promise<string[]>;
}

type Row = 'exchange' | 'refresh' | 'introspection';
const ROW_NAMES: Record<Row, string> = { exchange: 'code exchange', refresh: 'refresh', introspection: 'introspection' };

/** A PKCE pair (RFC 7636, S256): one a round, as the verifier's check costs the same for any. */
function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

const clientBasic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** Form posts of `path`, the i-th request's form made by `form(i)`. */
function formRequests(side: Side, path: string, form: (i: number) => Record<string, string>): autocannon.Request[] {
  let next = 0;
  const headers = { 'content-type': 'application/x-www-form-urlencoded', authorization: side.authorization };
  return [{ method: 'POST', path, setupRequest: (req: autocannon.Request) => ({ ...req, headers, body: new URLSearchParams(form(next++)).toString() }) }];
}

const exchangeForm = (codes: string[], verifier: string) => (i: number) => ({ grant_type: 'authorization_code', code: codes[i]!, code_verifier: verifier, redirect_uri: REDIRECT_URI });

/** Exchanges codes one by one (the tokens the refresh and introspection rows use). */
async function exchange(side: Side, n: number): Promise<Array<{ access_token: string; refresh_token: string }>> {
  const { verifier, challenge } = pkce();
  const codes = await side.mint(n, challenge);
  const form = exchangeForm(codes, verifier);
  return many(n, async (i) => {
    const res = await fetch(`${side.url}${side.tokenPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: side.authorization },
      body: new URLSearchParams(form(i)),
    });
    const json = (await res.json()) as { access_token: string; refresh_token: string };
    if (!res.ok || !json.refresh_token) throw new Error(`${side.label} code exchange: ${res.status} ${JSON.stringify(json)}`);
    return json;
  });
}

/** Ours: a confidential first-party client made through the server API, and 100 signed-in users whose codes it mints. */
async function ourSide(provider: Provider): Promise<Side> {
  const made = await postJson(`${provider.url}/v1/connected_apps/clients`, { client_type: 'first_party', client_name: 'Bench app', redirect_urls: [REDIRECT_URI] }, serverAuthorization);
  const { client_id, client_secret } = made.connected_app as { client_id: string; client_secret: string };
  const sessions = (await many(100, (i) => otpSignIn(provider, -1 - i))).map((s) => s.session_token as string);
  return {
    label: 'ours',
    url: provider.url,
    tokenPath: '/v1/oauth2/token',
    introspectionPath: '/v1/oauth2/introspect',
    authorization: clientBasic(client_id, client_secret),
    mint: (n, challenge) =>
      many(
        n,
        async (i) =>
          (
            await postJson(
              `${provider.url}/v1/idp/oauth/authorize`,
              {
                session_token: sessions[i % sessions.length],
                client_id,
                redirect_uri: REDIRECT_URI,
                response_type: 'code',
                scopes: SCOPES,
                code_challenge: challenge,
                code_challenge_method: 'S256',
                consent_granted: true,
                nonce: 'n-1',
              },
              serverAuthorization,
            )
          ).authorization_code as string,
        CONNECTIONS,
      ),
  };
}

/** Theirs: oidc-provider with its one client; codes minted by its own models, a thousand a request. */
async function peerSide(serverUrl: string, workers: number): Promise<Side & Provider> {
  const secret = randomBytes(24).toString('base64url');
  const peer = await startPeerProcess('peer-oidc-provider', serverUrl, workers, { PEER_CLIENT_ID: 'bench-client', PEER_CLIENT_SECRET: secret });
  return {
    ...peer,
    label: PEER,
    tokenPath: '/token',
    introspectionPath: '/token/introspection',
    authorization: clientBasic('bench-client', secret),
    mint: async (n, challenge) => {
      const batches = await many(Math.ceil(n / 1000), (b) => postJson(`${peer.url}/bench/codes`, { n: Math.min(1000, n - b * 1000), code_challenge: challenge }, ''), 4);
      return batches.flatMap((b) => b.codes as string[]);
    },
  };
}

/** What a side's rounds need: the codes a round, and the tokens to refresh and introspect. */
interface Prepared {
  side: Side;
  codesPerRound: number;
  refreshTokens: string[];
  accessTokens: string[];
}

/**
 * A round of code exchanges: `n` codes minted (not timed), then spent, each once. The verifier
 * is the round's; redirect_uri is sent as both sides' clients send it.
 */
async function exchangeRound(side: Side, n: number, name: string): Promise<Figures & { mintSeconds: number }> {
  const { verifier, challenge } = pkce();
  const start = performance.now();
  const codes = await side.mint(n, challenge);
  const mintSeconds = (performance.now() - start) / 1000;
  const figures = await cannon(name, { url: side.url, amount: codes.length, requests: formRequests(side, side.tokenPath, exchangeForm(codes, verifier)) });
  return { ...figures, mintSeconds };
}

function refreshLoad(p: Prepared): autocannon.Options {
  const form = (i: number) => ({ grant_type: 'refresh_token', refresh_token: p.refreshTokens[i % p.refreshTokens.length]! });
  return { url: p.side.url, requests: formRequests(p.side, p.side.tokenPath, form) };
}

function introspectionLoad(p: Prepared): autocannon.Options {
  const form = (i: number) => ({ token: p.accessTokens[i % p.accessTokens.length]!, token_type_hint: 'access_token' });
  return { url: p.side.url, requests: formRequests(p.side, p.side.introspectionPath, form) };
}

/**
 * A side's tokens and its warm-up (unrecorded: JIT, prepared statements, pools), which also
 * sizes its code rounds: its exchange rate times BENCH_SECONDS, within the codes' lifetime at
 * its minting rate.
 */
async function prepare(side: Side): Promise<Prepared> {
  const tokens = await exchange(side, 100);
  const p: Prepared = { side, codesPerRound: 0, refreshTokens: tokens.map((t) => t.refresh_token), accessTokens: tokens.map((t) => t.access_token) };
  const warm = await exchangeRound(side, CONNECTIONS * 50, 'warm-up');
  if (warm.errors) throw new Error(`${side.label}: ${warm.errors} of the warm-up's code exchanges failed`);
  const mintRate = (CONNECTIONS * 50) / warm.mintSeconds;
  const fits = Math.floor(CODE_BUDGET_SECONDS / (1 / mintRate + 1 / warm.rps));
  p.codesPerRound = Math.max(CONNECTIONS, Math.min(Math.round(warm.rps * DURATION), fits));
  await cannon('warm-up', { ...refreshLoad(p), duration: 3 });
  await cannon('warm-up', { ...introspectionLoad(p), duration: 3 });
  return p;
}

/** One process count: a fresh provider and oidc-provider, the three rows in alternating rounds. */
export async function oauthRows(workers: number): Promise<void> {
  const provider = await startProvider(workers);
  let peer: (Side & Provider) | undefined;
  try {
    const ours = await prepare(await ourSide(provider));
    peer = databaseUrl ? await peerSide(databaseUrl, workers) : undefined;
    const theirs = peer ? await prepare(peer) : undefined;
    const sides = [ours, ...(theirs ? [theirs] : [])];
    const runs = sides.map(() => ({ exchange: [] as Figures[], refresh: [] as Figures[], introspection: [] as Figures[] }));
    // The machine is shared: the sides take turns on each row, so a busy minute hits each.
    for (let round = 0; round < ROUNDS; round++) {
      for (const [k, p] of sides.entries()) runs[k]!.exchange.push(await exchangeRound(p.side, p.codesPerRound, ROW_NAMES.exchange));
      for (const [k, p] of sides.entries()) runs[k]!.refresh.push(await cannon(ROW_NAMES.refresh, refreshLoad(p)));
      for (const [k, p] of sides.entries()) runs[k]!.introspection.push(await cannon(ROW_NAMES.introspection, introspectionLoad(p)));
    }
    const rows = Object.keys(ROW_NAMES) as Row[];
    const folded = sides.map((_, k) => rows.map((row) => fold(k === 0 ? ROW_NAMES[row] : `${PEER} ${ROW_NAMES[row]}`, runs[k]![row])));
    const db = databaseUrl ? 'postgres' : 'pglite';
    console.log(
      `\noauth bench on ${db}, ${workers} process${workers > 1 ? 'es' : ''} each side, ${CONNECTIONS} connections, ${DURATION}s each ` +
        `(code exchange: ${sides.map((p) => `${p.codesPerRound} codes`).join(' / ')} a round, ${sides.map((p) => p.side.label).join(' / ')}), ${ROUNDS} alternating rounds (medians); ` +
        'confidential client, refresh tokens not rotated on either side',
    );
    console.log(header());
    for (const [i] of rows.entries()) for (const f of folded) console.log(line(f[i]!));
    if (theirs) {
      for (const [i] of rows.entries()) console.log(ratio(folded[0]![i]!, folded[1]![i]!, PEER));
      console.log(`rounds (req/s, p99 ms; ours vs ${PEER}):`);
      for (let round = 0; round < ROUNDS; round++) {
        console.log(`  ${round + 1}: ${rows.map((row) => `${ROW_NAMES[row]} ${roundFigures(runs[0]![row][round]!)} vs ${roundFigures(runs[1]![row][round]!)}`).join('   ')}`);
      }
    } else {
      console.log(`(the ${PEER} peer runs on PostgreSQL only: set DATABASE_URL)`);
    }
  } finally {
    await peer?.close();
    await provider.close();
  }
}
