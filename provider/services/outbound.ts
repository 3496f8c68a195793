import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import type { Agent, fetch as UndiciFetch } from 'undici';
import { IpRanges, isPublicIp, parseIp } from './ip-ranges.ts';

/*
 * Every request the provider makes to a URL it was given (an organization's OIDC issuer, its
 * keys and token endpoint, an OAuth client's endpoints, the messaging APIs) goes through here:
 * - the destination must be a public address, checked on the address the connection is made
 *   to, after DNS resolution (a name resolving to 127.0.0.1 is refused, and so is a redirect
 *   to one, and a name that resolves differently the second time), unless `allowedRanges`
 *   lists its range (the local identity providers of tests and development);
 * - one deadline covers the whole exchange, connection to last body byte;
 * - the body is capped;
 * - every failure below HTTP is one error with one message, so a caller cannot tell a closed
 *   port from an open one, a refused address from a missing host, or a timeout from a reset.
 */

export interface OutboundPolicy {
  /** Ranges that may be reached although they are not public (CIDR, or one address). */
  allowedRanges: readonly string[];
  /** The whole request, from connecting to the last byte of the body. */
  timeoutMs: number;
  /** The longest response body read. */
  maxBytes: number;
}

export const DEFAULT_OUTBOUND_POLICY: OutboundPolicy = { allowedRanges: [], timeoutMs: 10_000, maxBytes: 1024 * 1024 };

export type { OutboundFetch } from '../context.ts';
import type { OutboundFetch } from '../context.ts';

/** The one failure of an outbound request, whatever happened; `detail` is for the log, never for the caller. */
export class OutboundError extends Error {
  override name = 'OutboundError';
  constructor(
    readonly origin: string,
    readonly detail: string,
  ) {
    super(`The server at ${origin} could not be reached.`);
  }
}

/** A refusal raised inside the connection, before any byte leaves. */
class AddressRefused extends Error {
  constructor(address: string) {
    super(`address ${address} is not public and not in the allowed ranges`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** Builds the fetch for `policy`; each call of this is one connection pool, which `close` ends. */
export function outboundFetch(policy: OutboundPolicy = DEFAULT_OUTBOUND_POLICY): OutboundFetch & { close(): Promise<void> } {
  const allowed = new IpRanges(policy.allowedRanges);
  const permitted = (address: string) => isPublicIp(address) || allowed.has(address);

  // The connection resolves the name itself (net and tls call this), so the address checked is the address used.
  const lookup = (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const refused = addresses.find((a) => !permitted(a.address));
      if (refused) return callback(new AddressRefused(refused.address), []);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
  // undici (about 100 files) is loaded with the first request: most provider processes make none.
  let pool: Promise<{ agent: Agent; undiciFetch: typeof UndiciFetch }> | undefined;
  const connection = () =>
    (pool ??= import('undici').then(({ Agent, buildConnector, fetch: undiciFetch }) => {
      const connect = buildConnector({ lookup: lookup as never, timeout: policy.timeoutMs });
      const agent = new Agent({
        // An address literal (http://10.0.0.1/, http://[::1]/) is connected to without a lookup: it is checked here.
        connect: (opts, callback) => {
          const literal = parseIp(opts.hostname);
          if (literal && !permitted(opts.hostname)) return callback(new AddressRefused(opts.hostname), null);
          return connect(opts, callback);
        },
        headersTimeout: policy.timeoutMs,
        bodyTimeout: policy.timeoutMs,
      });
      return { agent, undiciFetch };
    }));

  const fetch: OutboundFetch = async (url, init = {}) => {
    const target = new URL(url);
    const fail = (detail: string) => new OutboundError(target.origin, detail);
    if (target.protocol !== 'https:' && target.protocol !== 'http:') throw fail(`unsupported scheme ${target.protocol}`);
    const deadline = AbortSignal.timeout(policy.timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    const { agent, undiciFetch } = await connection();
    let res: Awaited<ReturnType<typeof UndiciFetch>>;
    try {
      res = await undiciFetch(target, { ...(init as Parameters<typeof UndiciFetch>[1]), signal, dispatcher: agent });
    } catch (e) {
      throw fail(deadline.aborted ? 'timed out' : reason(e));
    }
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (declared > policy.maxBytes) {
      await res.body?.cancel().catch(() => {});
      throw fail(`answer of ${declared} bytes is over the ${policy.maxBytes}-byte cap`);
    }
    // The body is read here, under the deadline and the cap, so callers get it whole or not at all.
    let body: Uint8Array;
    try {
      body = await readCapped(res.body as ReadableStream<Uint8Array> | null, policy.maxBytes);
    } catch (e) {
      throw fail(deadline.aborted ? 'timed out' : reason(e));
    }
    const nullBody = res.status === 204 || res.status === 304 || (res.status >= 100 && res.status < 200);
    return new Response(nullBody ? null : (body as Uint8Array<ArrayBuffer>), { status: res.status, statusText: res.statusText, headers: new Headers([...res.headers]) });
  };
  return Object.assign(fetch, { close: async () => (pool ? (await pool).agent.close() : undefined) });
}

/** Reads a body stream to its end, refusing one over `max` bytes as soon as it passes it. */
async function readCapped(stream: ReadableStream<Uint8Array> | null, max: number): Promise<Uint8Array> {
  if (!stream) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw new Error(`answer is over the ${max}-byte cap`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The innermost message of a fetch failure (undici wraps the socket's error in `cause`). */
function reason(e: unknown): string {
  let err = e as { message?: string; cause?: unknown } | undefined;
  while (err && typeof err === 'object' && err.cause) err = err.cause as typeof err;
  return err?.message ?? String(e);
}
