// `npm run bench:provider`: throughput and latency of the provider on loopback (not a test).
// The provider runs as `npm run provider` runs it, in child processes: BENCH_WORKERS is a list of
// process counts (default 1,2,4 on PostgreSQL, 1 on the embedded database), each measured with a
// fresh provider. Uses DATABASE_URL when set (PostgreSQL), else a throwaway embedded database.
// Two session checks are measured, as the official clients make them: the browser's
// (`POST /sdk/v1/sessions/authenticate` with the session token; the token rotates, and the load
// generator follows it as a browser would) and the server API's (`POST /v1/sessions/authenticate`
// {session_token}, what the Node SDK's sessions.authenticate sends). On PostgreSQL they are
// measured beside a peer's (Better Auth, bench/peer-better-auth) with as many processes, on the
// same server in a database of its own, the sides taking turns (BENCH_ROUNDS each).
// BENCH_ROWS picks the rows: `sessions` (these, the default), `oauth` (the authorization
// server beside oidc-provider, bench/provider-oauth.ts), or `sessions,oauth`. What the rows
// share (starting each side, the load, the figures) is bench/provider-harness.ts.
import autocannon from 'autocannon';
import { oauthRows } from './provider-oauth.ts';
import {
  CONNECTIONS,
  DURATION,
  ROUNDS,
  basic,
  cannon,
  databaseUrl,
  fold,
  header,
  line,
  many,
  otpSignIn,
  ratio,
  roundFigures,
  serverAuthorization,
  startPeerProcess,
  startProvider,
  type Figures,
  type Provider,
} from './provider-harness.ts';

const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? (databaseUrl ? '1,2,4' : '1')).split(',').map(Number);
/** Which rows: `sessions` (the default), `oauth` (bench/provider-oauth.ts), or both, comma-separated. */
const ROWS = new Set((process.env.BENCH_ROWS ?? 'sessions').split(','));

/**
 * The browser's check, cycling over the sessions: each request presents the session's current
 * token and takes the one it is handed back (the token rotates), as the official client does
 * with its cookie.
 */
function browserChecks(tokens: string[]): autocannon.Request[] {
  let next = 0;
  return [
    {
      method: 'POST',
      path: '/sdk/v1/sessions/authenticate',
      body: '{}',
      setupRequest(req: autocannon.Request, context: Record<string, unknown>) {
        const i = next++ % tokens.length;
        context.i = i;
        return { ...req, headers: { 'content-type': 'application/json', authorization: basic(tokens[i]!) } };
      },
      onResponse(status: number, body: string, context: Record<string, unknown>) {
        const i = context.i as number;
        if (status === 200 && !body.includes(tokens[i]!)) tokens[i] = (JSON.parse(body) as { data: { session_token: string } }).data.session_token;
      },
    },
  ];
}

/**
 * The Node SDK's `sessions.authenticate({ session_token })`: Basic project id and secret, the
 * session's current token (the browser checks rotate it, and a backend reads it from the
 * browser's cookie).
 */
function serverChecks(tokens: string[]): autocannon.Request[] {
  let next = 0;
  return [
    {
      method: 'POST',
      path: '/v1/sessions/authenticate',
      setupRequest: (req: autocannon.Request) => ({
        ...req,
        headers: { 'content-type': 'application/json', authorization: serverAuthorization },
        body: JSON.stringify({ session_token: tokens[next++ % tokens.length] }),
      }),
    },
  ];
}

/** The OTP flow is three dependent requests, so it is driven by hand with the same concurrency. */
async function otpFlow(provider: Provider): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const end = performance.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          await otpSignIn(provider, next++);
          latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  return { name: 'full OTP sign-in', rps: latencies.length / DURATION, p50: q(0.5), p99: q(0.99), errors };
}

/** Better Auth (bench/peer-better-auth) with 100 users signed up, and their session cookies. */
async function startBetterAuth(serverUrl: string, workers: number): Promise<Provider & { cookies: string[] }> {
  const peer = await startPeerProcess('peer-better-auth', serverUrl, workers);
  const signUp = async (i: number): Promise<string> => {
    const res = await fetch(`${peer.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: peer.url },
      body: JSON.stringify({ email: `bench-${i}@example.test`, password: 'correct horse battery staple', name: `Bench ${i}` }),
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
    if (!res.ok || !cookie) throw new Error(`peer sign-up: ${res.status} ${await res.text()}`);
    return cookie.split(';')[0]!;
  };
  return { ...peer, cookies: await many(100, signUp) };
}

/** One process count: a fresh provider and peer, 100 sessions each, the checks in alternating rounds. */
async function sessionRows(workers: number): Promise<void> {
  const provider = await startProvider(workers);
  let peer: Awaited<ReturnType<typeof startBetterAuth>> | undefined;
  try {
    // Many users, as in production: one hot row would measure lock contention, not the provider.
    const sessions = await many(100, (i) => otpSignIn(provider, -1 - i));
    const tokens = sessions.map((s) => s.session_token as string);
    const health = await cannon('health (ceiling)', { url: `${provider.url}/health` });
    const browser = browserChecks(tokens);
    const server = serverChecks(tokens);
    peer = databaseUrl ? await startBetterAuth(databaseUrl, workers) : undefined;
    const theirs = peer?.cookies.map((cookie) => ({ method: 'GET', path: '/api/auth/get-session', headers: { cookie } })) ?? [];
    // Unrecorded warm-up of each side (JIT, prepared statements, connection pools).
    await cannon('warm-up', { url: provider.url, requests: browser, duration: 3 });
    await cannon('warm-up', { url: provider.url, requests: server, duration: 3 });
    if (peer) await cannon('warm-up', { url: peer.url, requests: theirs, duration: 3 });
    // The machine is shared: the sides take turns, so a busy minute hits each.
    const runs: Record<'browser' | 'server' | 'peer', Figures[]> = { browser: [], server: [], peer: [] };
    for (let round = 0; round < ROUNDS; round++) {
      runs.browser.push(await cannon('browser check', { url: provider.url, requests: browser }));
      if (peer) runs.peer.push(await cannon('Better Auth get-session', { url: peer.url, requests: theirs }));
      runs.server.push(await cannon('server API check', { url: provider.url, requests: server }));
    }
    const browserCheck = fold('browser sessions/authenticate', runs.browser);
    const serverCheck = fold('server sessions/authenticate', runs.server);
    const peerCheck = peer ? fold('Better Auth get-session', runs.peer) : undefined;
    const otp = process.env.BENCH_OTP === '1' ? await otpFlow(provider) : undefined;
    const db = databaseUrl ? 'postgres' : 'pglite';
    console.log(`\nprovider bench on ${db}, ${workers} process${workers > 1 ? 'es' : ''} each side, ${CONNECTIONS} connections, ${DURATION}s each, checks in ${ROUNDS} alternating rounds (medians)`);
    console.log(header('vs health'));
    for (const f of [health, browserCheck, serverCheck, ...(peerCheck ? [peerCheck] : []), ...(otp ? [otp] : [])]) console.log(line(f, health));
    if (peerCheck) {
      for (const f of [browserCheck, serverCheck]) console.log(ratio(f, peerCheck, 'Better Auth'));
      console.log('rounds (req/s, p99 ms):');
      runs.browser.forEach((r, i) => {
        console.log(`  ${i + 1}: browser ${roundFigures(r)}   server ${roundFigures(runs.server[i]!)}   peer ${roundFigures(runs.peer[i]!)}`);
      });
    } else {
      console.log('(the Better Auth peer runs on PostgreSQL only: set DATABASE_URL)');
    }
  } finally {
    await peer?.close();
    await provider.close();
  }
}

for (const workers of WORKER_COUNTS) {
  if (ROWS.has('sessions')) await sessionRows(workers);
  if (ROWS.has('oauth')) await oauthRows(workers);
}
