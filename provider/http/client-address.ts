import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import parseForwarded from 'forwarded-parse';
import type { ProjectConfig } from '../config.ts';
import { canonicalIp, IpRanges, parseIp } from '../services/ip-ranges.ts';

/*
 * The one answer to "who is the client?" that every per-IP limit, session record and log
 * uses. Without a trusted-proxy setting it is the socket's peer and no header is read (anyone
 * can write X-Forwarded-For). With one, the proxy header is walked from the right, the end the
 * provider's own proxies wrote: each hop is believed only while the address that handed it
 * over is trusted (by count, or by range), so a client can prepend what it likes and still
 * not choose its own address.
 */

/** The socket's peer address ('' when the socket has none, e.g. an injected one). */
export function socketPeer(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? '';
  } catch {
    return '';
  }
}

/** An address as a proxy header writes it: `1.2.3.4`, `1.2.3.4:5678`, `[2001:db8::1]:443`, `"[::1]"`; null for `unknown`, obfuscated names or junk. */
function hopAddress(raw: string): string | null {
  let text = raw.trim().replace(/^"|"$/g, '');
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  return parseIp(text) ? canonicalIp(text) : null;
}

/**
 * The elements of a `Forwarded` value, split at the commas outside quoted strings, read from
 * the right: the elements the provider's own proxies appended are whole whatever a client wrote
 * before them, even an unclosed quote (`for=";;;`), which read from the left would swallow them.
 */
function forwardedElements(value: string): string[] {
  const elements: string[] = [];
  let quoted = false;
  let end = value.length;
  for (let i = value.length - 1; i >= 0; i--) {
    const ch = value[i];
    if (ch === '"') {
      let slashes = 0;
      while (i - 1 - slashes >= 0 && value[i - 1 - slashes] === '\\') slashes++;
      if (slashes % 2 === 0) quoted = !quoted;
    } else if (ch === ',' && !quoted) {
      elements.unshift(value.slice(i + 1, end));
      end = i;
    }
  }
  elements.unshift(value.slice(0, end));
  return elements;
}

/** The `for` address of one `Forwarded` element; null when the element cannot be read. */
function forwardedFor(element: string): string | null {
  try {
    const [parsed] = parseForwarded(element.trim());
    return parsed?.for === undefined ? null : hopAddress(parsed.for);
  } catch {
    return null;
  }
}

/**
 * The hops the header lists, nearest the client first; an element that cannot be read is a
 * null hop, so the walk from the right stops there and the client is the hop that handed it
 * over, never the proxy (whose budget it would otherwise spend).
 */
function listedHops(c: Context, header: 'x-forwarded-for' | 'forwarded'): Array<string | null> {
  // Several header lines are one list, in order (RFC 9110 §5.3).
  const values = c.req.raw.headers.get(header);
  if (values === null) return [];
  if (header === 'x-forwarded-for') return values.split(',').map(hopAddress);
  return forwardedElements(values).map(forwardedFor);
}

/** Decides the client's address for one project's proxy settings. */
export class ClientAddress {
  private readonly hops: number;
  private readonly ranges: IpRanges | null;

  constructor(private readonly config: Pick<ProjectConfig, 'trustProxy' | 'proxyHeader'>) {
    this.hops = typeof config.trustProxy === 'number' ? config.trustProxy : 0;
    this.ranges = Array.isArray(config.trustProxy) && config.trustProxy.length ? new IpRanges(config.trustProxy) : null;
  }

  /** The client's address for this request. */
  of(c: Context): string {
    const peer = canonicalIp(socketPeer(c));
    if (this.hops === 0 && !this.ranges) return peer;
    const chain = [...listedHops(c, this.config.proxyHeader), peer];
    let at = chain.length - 1;
    for (let step = 0; at > 0; step++) {
      const trusted = this.ranges ? this.ranges.has(chain[at]!) : step < this.hops;
      if (!trusted || chain[at - 1] === null) break;
      at--;
    }
    return chain[at]!;
  }
}

const resolvers = new WeakMap<object, ClientAddress>();

/** The client's address under the project's trusted-proxy settings (one resolver per configuration). */
export function clientAddress(config: ProjectConfig, c: Context): string {
  let r = resolvers.get(config);
  if (!r) resolvers.set(config, (r = new ClientAddress(config)));
  return r.of(c);
}
