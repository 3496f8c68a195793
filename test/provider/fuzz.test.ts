import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, signInByEmailOtp, startTestProvider, TEST_ORIGIN, TEST_TOKEN, type TestProvider } from './harness.ts';

/**
 * Bad requests for every route the provider serves, from a seeded generator: wrong types,
 * missing and extra fields, huge and deep values, odd Unicode, broken JSON, wrong content
 * types and methods, bogus Authorization. Whatever comes in, the answer is never a 5xx, and
 * every refusal is in the error shape. FUZZ_PER_ROUTE (default 8) sets the count per route;
 * `npm run bench:fuzz` runs many more. FUZZ_SEED repeats a run.
 */
const PER_ROUTE = Number(process.env.FUZZ_PER_ROUTE ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
/**
 * Unicode edge cases on every route: by default each case goes once into every field and once
 * into one field (a different one per route and case) with the others plausible, so it gets
 * past the first check; FUZZ_UNICODE_FIELDS=all (the bench) tries each field on its own.
 */
const EACH_FIELD = process.env.FUZZ_UNICODE_FIELDS === 'all';
const SECRET = `secret-test-${'Zq9-x_7YpLmN3vB8wT2rD6hJ0cF5gA1sEuKi4oW'}`;

/** mulberry32: small, fast and the same on every machine. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { next, int, pick };
}
type Rng = ReturnType<typeof rng>;

const FIELDS = [
  'email',
  'password',
  'token',
  'method_id',
  'session_duration_minutes',
  'phone_number',
  'public_token',
  'id_token',
  'oauth_callback_id',
  'totp_code',
  'recovery_code',
  'code_verifier',
  'code_challenge',
  'expiration_minutes',
  'login_magic_link_url',
  'reset_password_redirect_url',
  'existing_password',
  'new_password',
  'crypto_wallet_address',
  'crypto_wallet_type',
  'signature',
  'public_key_credential',
  'domain',
  'name',
  'untrusted_metadata',
];

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\udfff',
  '\u202e\u0041dmin',
  '👩‍👩‍👧‍👦'.repeat(50),
  'a'.repeat(70_000),
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '${7*7}',
  '\r\nSet-Cookie: x=y',
  'null',
  'NaN',
  'ＡＢＣ＠ｅｘａｍｐｌｅ．ｃｏｍ',
  'a@b',
  'x@example.test',
  '+15555550100',
  'public-token-test-x',
];

function value(r: Rng, depth = 0): unknown {
  switch (r.int(depth > 2 ? 6 : 9)) {
    case 0:
      return r.pick(ODD_STRINGS);
    case 1:
      return r.pick([0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.5, -0, 9_999_999_999]);
    case 2:
      return r.pick([true, false, null]);
    case 3:
      return r.pick(ODD_STRINGS).slice(0, 20);
    case 4:
      return r.int(1_000_000);
    case 5:
      return `${r.int(10 ** 6)}`.padStart(6, '0');
    case 6:
      return Array.from({ length: r.int(4) }, () => value(r, depth + 1));
    case 7:
      return Object.fromEntries(Array.from({ length: r.int(4) }, () => [r.pick(FIELDS), value(r, depth + 1)]));
    default:
      return { [r.pick(FIELDS)]: value(r, depth + 1) };
  }
}

function nested(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** One bad (or odd) body: its text and the Content-Type it is sent with. */
function body(r: Rng): { text: string | undefined; type: string | undefined } {
  const json = 'application/json';
  switch (r.int(12)) {
    case 0:
      return { text: undefined, type: undefined };
    case 1:
      return { text: '{"email":', type: json };
    case 2:
      return { text: nested(r.pick([40, 500, 5000])), type: json };
    case 3:
      return { text: JSON.stringify(value(r)), type: r.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']) };
    case 4:
      return { text: '\u0000\uffff\ud800', type: json };
    case 5:
      return { text: JSON.stringify([value(r), value(r)]), type: json };
    case 6:
      return { text: 'x'.repeat(1024 * 1024 + 1), type: json };
    case 7:
      return { text: JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, value(r)]))), type: json };
    default:
      return { text: JSON.stringify(Object.fromEntries(Array.from({ length: 1 + r.int(5) }, () => [r.pick(FIELDS), value(r)]))), type: json };
  }
}

function authorization(r: Rng, session: string): string | undefined {
  const basic = (s: string) => `Basic ${Buffer.from(s).toString('base64')}`;
  return r.pick([
    undefined,
    basic(`${TEST_TOKEN}:${TEST_TOKEN}`),
    basic(`${TEST_TOKEN}:${session}`),
    basic(`${TEST_TOKEN}:${'x'.repeat(43)}`),
    basic(`${TEST_TOKEN}:eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.`),
    basic('public-token-test-nope:x'),
    basic('no colon at all'),
    'Basic !!!not-base64!!!',
    'Bearer abc',
    basic(`${TEST_TOKEN}:${'\u0000'}`),
    `Basic ${'A'.repeat(8000)}`,
  ]);
}

/** Percent-encodes `s`; a lone surrogate (which cannot be encoded) becomes invalid UTF-8 on the wire. */
function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
}

/** Fills path parameters with odd segments. */
function path(r: Rng, pattern: string): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) =>
    enc(name === 'provider' ? r.pick(['google', 'github', 'nope', '__proto__', '%', 'a'.repeat(300)]) : r.pick([...ODD_STRINGS.slice(0, 7), 'x', TEST_TOKEN, 'a'.repeat(300)]).slice(0, 300)),
  );
}

/** Text a browser or a careless backend may send, valid or not as Unicode. */
const UNICODE_EDGES: ReadonlyArray<[string, string]> = [
  ['unpaired surrogates', '\ud800x\udfff\udc00\ud800'],
  ['NUL', '\u0000'],
  ['overlong text', 'a'.repeat(9_000)],
  ['RTL override, marks and zero widths', '\u202emoc.elpmaxe\u200f\u061c\u200b\u200d\ufeff'],
  ['combining marks', 'e\u0301\u0327\u0308'.repeat(40)],
  ['non-BMP characters', '\u{1d518}\u{1f600}\u{e0041}\u{10ffff}'],
];

/** A plausible value per field, so one field's odd text gets past the others' checks. */
function plausible(field: string, edge = ''): unknown {
  switch (field) {
    case 'email':
      return `fuzz${edge}@example.test`;
    case 'phone_number':
      return `+1555555${edge}0100`;
    // Numbers stay numbers: a string here would be refused before any other field is looked at.
    case 'session_duration_minutes':
      return 30;
    case 'expiration_minutes':
      return 5;
    case 'password':
    case 'existing_password':
    case 'new_password':
      return `quokka umbrella jazz wharf${edge}`;
    case 'public_token':
      return `${TEST_TOKEN}${edge}`;
    case 'login_magic_link_url':
    case 'reset_password_redirect_url':
      return `${TEST_ORIGIN}/authenticate${edge}`;
    case 'untrusted_metadata':
      return { note: `x${edge}`, [`k${edge}`]: 1 };
    case 'crypto_wallet_type':
      return `ethereum${edge}`;
    case 'crypto_wallet_address':
      return `0x${'ab'.repeat(20)}${edge}`;
    case 'domain':
      return `app${edge}.test`;
    default:
      return `value-${field}${edge}`;
  }
}

/**
 * Fields long values go into: every field above, and those of the routes whose long values
 * answered 500 (issue 51: an email of 2.7 KB on 14 routes, the link-request poll's request_id).
 */
const LONG_FIELDS = [
  ...FIELDS,
  'email_address',
  'request_id',
  'secret',
  'session_token',
  'intermediate_session_token',
  'organization_id',
  'organization_slug',
  'organization_name',
  'member_id',
  'user_id',
  'connection_id',
  'display_name',
  'issuer',
  'login_redirect_url',
  'signup_redirect_url',
  'discovery_redirect_url',
];

/** About 3 KB of random text: letters, digits and three-byte characters, no space and no `@`, so an address made of it passes the address pattern. */
function longText(r: Rng): string {
  const chars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.';
  let out = '';
  while (Buffer.byteLength(out) < 3000) out += r.int(3) === 0 ? String.fromCodePoint(0x4e00 + r.int(0x5000)) : chars[r.int(chars.length)];
  return out;
}

/** A plausible value with `long` where the field's text goes. */
function withLong(field: string, long: string): unknown {
  if (/email/.test(field)) return `${long}@example.test`;
  if (/_url$/.test(field)) return `${TEST_ORIGIN}/authenticate?x=${encodeURIComponent(long)}`;
  if (field === 'untrusted_metadata') return { [long]: long };
  return typeof plausible(field) === 'number' ? plausible(field) : long;
}

function unicodeBody(fields: readonly string[], edge: string, only?: string): string {
  return JSON.stringify(Object.fromEntries(fields.map((f) => [f, plausible(f, only === undefined || only === f ? edge : '')])));
}

/** Whether an answer is below 500 and, when a refusal, in the error shape; the failure's words if not. */
async function judge(res: Response, label: string): Promise<string | undefined> {
  const text = await res.text();
  if (res.status >= 500) return `${label} -> ${res.status}: ${text.slice(0, 200)}`;
  if (res.status >= 400 && !(res.headers.get('content-type') ?? '').startsWith('text/html')) {
    let shape: Record<string, unknown> | undefined;
    try {
      shape = JSON.parse(text) as Record<string, unknown>;
    } catch {
      shape = undefined;
    }
    // The SCIM service answers in SCIM's error shape (RFC 7644 §3.12), with its scimType on every 400.
    // Headers over Node's 16 KB are refused before any route is known (server.ts): the provider's shape.
    if (label.includes('/scim/v2/') && res.status !== 431) {
      const scimShape =
        shape !== undefined &&
        Array.isArray(shape.schemas) &&
        shape.schemas[0] === 'urn:ietf:params:scim:api:messages:2.0:Error' &&
        shape.status === String(res.status) &&
        typeof shape.detail === 'string' &&
        (res.status !== 400 || typeof shape.scimType === 'string');
      return scimShape ? undefined : `${label} -> ${res.status}: not the SCIM error shape: ${text.slice(0, 200)}`;
    }
    if (!shape || shape.status_code !== res.status || typeof shape.error_type !== 'string' || typeof shape.error_message !== 'string' || typeof shape.request_id !== 'string') {
      return `${label} -> ${res.status}: not the error shape: ${text.slice(0, 200)}`;
    }
  }
  return undefined;
}

for (const kind of databases) {
  describe(`fuzzed requests to every route (${kind}, ${PER_ROUTE} per route, seed ${SEED})`, () => {
    let provider: TestProvider;
    let session = '';
    before(async () => {
      // Wide limits: the point is what each request does, not the rate limits (tested elsewhere).
      provider = await startTestProvider(
        kind,
        {
          sendLimits: { perIp: 1_000_000, perAddress: 1_000_000, burstPerAddress: 1_000_000 },
          passwordIpLimit: { maxFailures: 1_000_000 },
          eventLimits: { batchesPerIpPerMinute: 1_000_000 },
          serverApiLimits: { perIp: 1_000_000, perSecret: 1_000_000 },
          scimLimits: { perIp: 1_000_000, perConnection: 1_000_000 },
          redirectUrls: [`${TEST_ORIGIN}/authenticate`],
        },
        undefined,
        { env: { PROJECT_SECRETS: SECRET } },
      );
      session = (await signInByEmailOtp(provider)).session_token;
      // A SCIM connection, so the SCIM routes' requests get past its bearer token to their bodies.
      const server = (path: string, body: unknown) =>
        fetch(`${provider.url}/v1${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Basic ${Buffer.from(`${provider.config.projectId}:${SECRET}`).toString('base64')}` },
          body: JSON.stringify(body),
        }).then((res) => res.json() as Promise<Record<string, any>>);
      const org = await server('/b2b/organizations', { organization_name: 'Fuzz', organization_slug: `fuzz-${Date.now()}` });
      const conn = await server(`/b2b/scim/${org.organization.organization_id}/connection`, {});
      scim = { id: conn.connection.connection_id, token: conn.connection.bearer_token };
    });
    let scim = { id: '', token: '' };

    /** Sends `text` (JSON, or nothing) to `url` as the caller `route`'s family expects, so the request gets past authentication. */
    const asCaller = (route: { method: string; path: string }, url: string, text: string | undefined) => {
      const secret = route.path.startsWith('/v1/') ? `${provider.config.projectId}:${SECRET}` : `${TEST_TOKEN}:${session}`;
      // A SCIM route's caller is its connection's identity provider: that connection, its bearer token.
      const isScim = route.path.startsWith('/scim/v2/');
      return fetch(isScim ? url.replace(/\/scim\/v2\/[^/?]*/, `/scim/v2/${scim.id}`) : url, {
        method: route.method,
        headers: {
          Origin: TEST_ORIGIN,
          Authorization: isScim ? `Bearer ${scim.token}` : `Basic ${Buffer.from(secret).toString('base64')}`,
          ...(text === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: text,
        redirect: 'manual',
      });
    };
    after(() => provider.destroy());

    it('answers every bad request below 500, refusals in the error shape', async () => {
      const r = rng(SEED);
      const failures: string[] = [];
      let sent = 0;
      for (const route of provider.routes) {
        for (let i = 0; i < PER_ROUTE; i++) {
          const method = r.int(8) === 0 ? r.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) : route.method;
          const b = method === 'GET' ? { text: undefined, type: undefined } : body(r);
          const headers: Record<string, string> = { Origin: r.int(4) === 0 ? 'http://evil.test' : TEST_ORIGIN };
          const auth = authorization(r, session);
          if (auth !== undefined) headers.Authorization = auth;
          if (b.type !== undefined) headers['Content-Type'] = b.type;
          const url = `${provider.url}${path(r, route.path)}${r.int(4) === 0 ? `?${r.pick(FIELDS)}=${enc(String(r.pick(ODD_STRINGS)).slice(0, 2000))}` : ''}`;
          const res = await fetch(url, { method, headers, body: b.text, redirect: 'manual' });
          sent++;
          const failure = await judge(res, `${method} ${url.slice(0, 120)} (${(b.text ?? '').slice(0, 60)})`);
          if (failure) failures.push(failure);
        }
      }
      console.log(`# ${sent} fuzzed requests over ${provider.routes.length} routes (${kind}), ${failures.length} failures`);
      assert.deepEqual(failures, []);
      // And the provider still serves.
      assert.equal((await fetch(`${provider.url}/health`)).status, 200);
    });

    it('answers Unicode edge cases in bodies, paths and queries of every route below 500, in the error shape', async () => {
      const failures: string[] = [];
      let sent = 0;
      for (const [r, route] of provider.routes.entries()) {
        for (const [e, [name, edge]] of UNICODE_EDGES.entries()) {
          const variants = EACH_FIELD ? [undefined, ...FIELDS] : [undefined, FIELDS[(r + e) % FIELDS.length]!];
          for (const only of variants) {
            const url = `${provider.url}${route.path.replace(/:(\w+)/g, () => enc(`x${edge}`.slice(0, 400)))}?${FIELDS[(r + e) % FIELDS.length]}=${enc(edge.slice(0, 400))}`;
            const text = route.method === 'GET' ? undefined : unicodeBody(FIELDS, edge, only);
            const res = await asCaller(route, url, text);
            sent++;
            const failure = await judge(res, `${route.method} ${route.path} (${name} in ${only ?? 'every field'})`);
            if (failure) failures.push(failure);
          }
        }
      }
      console.log(`# ${sent} Unicode edge-case requests over ${provider.routes.length} routes (${kind}), ${failures.length} failures`);
      assert.deepEqual(failures, []);
      assert.equal((await fetch(`${provider.url}/health`)).status, 200);
    });

    it('answers long values (about 3 KB of random text) in every field, path and query of every route below 500, in the error shape (issue 51)', async () => {
      const r = rng(SEED + 51);
      const failures: string[] = [];
      let sent = 0;
      for (const [i, route] of provider.routes.entries()) {
        // Each route gets a long value in every field at once, and in a few fields of its own alone (every field with FUZZ_UNICODE_FIELDS=all).
        const alone = EACH_FIELD ? LONG_FIELDS : [0, 1, 2, 3].map((k) => LONG_FIELDS[(i * 4 + k) % LONG_FIELDS.length]!);
        for (const only of [undefined, ...alone]) {
          const long = longText(r);
          const field = only ?? LONG_FIELDS[i % LONG_FIELDS.length]!;
          const url = `${provider.url}${route.path.replace(/:(\w+)/g, () => enc(long))}?${field}=${enc(String(withLong(field, long)))}`;
          const text = route.method === 'GET' ? undefined : JSON.stringify(Object.fromEntries(LONG_FIELDS.map((f) => [f, only === undefined || only === f ? withLong(f, long) : plausible(f)])));
          const res = await asCaller(route, url, text);
          sent++;
          const failure = await judge(res, `${route.method} ${route.path} (long ${only ?? 'every field'})`);
          if (failure) failures.push(failure);
        }
      }
      console.log(`# ${sent} long-value requests over ${provider.routes.length} routes (${kind}), ${failures.length} failures`);
      assert.deepEqual(failures, []);
      assert.equal((await fetch(`${provider.url}/health`)).status, 200);
    });
  });
}
